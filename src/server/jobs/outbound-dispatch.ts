import { z } from 'zod';
import { defineJob } from './queue';

/**
 * The outbound jobs' payload: the practice whose calls changed (sent when a practice queues calls or a slot
 * frees); none for the cron's and the start's runs, which serve every active practice.
 */
export const OutboundJobSchema = z.strictObject({ practiceId: z.uuid().optional() });
export type OutboundJob = z.infer<typeof OutboundJobSchema>;

/** What the outbound dispatch job runs (modules/outbound-calls/dispatcher.ts). */
export interface OutboundDispatchRunner {
  run(maxMs?: number, practiceId?: string): Promise<{ placed: number; highestInFlight: number }>;
}

export const OUTBOUND_DISPATCH_JOB = 'outbound.dispatch';

/**
 * Places pending outbound calls (ADR 036), of the payload's practice or of every active one. Sent whenever
 * calls are queued or a slot frees, and every minute by cron (retries whose delay passed, the calling window
 * opening, silent calls to settle, a reactivated practice's waiting calls); at start it repairs what a crash
 * left. Each run stops after about 50 s, well before its expiry.
 */
export const outboundDispatchJob = (dispatcher: OutboundDispatchRunner) =>
  defineJob<OutboundJob>({
    name: OUTBOUND_DISPATCH_JOB,
    payload: OutboundJobSchema,
    cron: '* * * * *',
    runAtStart: true,
    retryLimit: 0,
    expireInSeconds: 120,
    run: async (data) => dispatcher.run(undefined, data.practiceId),
  });

export const OUTBOUND_CAMPAIGNS_JOB = 'outbound.campaigns';

/**
 * The daily reminder and confirmation campaigns, per practice. The calling window is in each practice's time
 * zone and can change, so the job looks every 15 minutes and queues only inside the window: the first look
 * after the window opens queues the day's calls, later ones only appointments booked since (each is called
 * once).
 */
export const outboundCampaignsJob = (campaigns: {
  run(practiceId?: string): Promise<Record<string, number>>;
}) =>
  defineJob<OutboundJob>({
    name: OUTBOUND_CAMPAIGNS_JOB,
    payload: OutboundJobSchema,
    cron: '*/15 * * * *',
    runAtStart: true,
    retryLimit: 1,
    expireInSeconds: 300,
    run: async (data) => campaigns.run(data.practiceId),
  });
