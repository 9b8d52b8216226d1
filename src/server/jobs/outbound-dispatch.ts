import { defineJob, NO_PAYLOAD } from './queue';

/** What the outbound dispatch job runs (modules/outbound-calls/dispatcher.ts). */
export interface OutboundDispatchRunner {
  run(): Promise<{ placed: number; highestInFlight: number }>;
}

export const OUTBOUND_DISPATCH_JOB = 'outbound.dispatch';

/**
 * Places pending outbound calls (ADR 036). Sent whenever calls are queued or a slot frees, and every minute by
 * cron (retries whose delay passed, the calling window opening, silent calls to settle); at start it repairs
 * what a crash left. Each run stops after about 50 s, well before its expiry.
 */
export const outboundDispatchJob = (dispatcher: OutboundDispatchRunner) =>
  defineJob<object>({
    name: OUTBOUND_DISPATCH_JOB,
    payload: NO_PAYLOAD,
    cron: '* * * * *',
    runAtStart: true,
    retryLimit: 0,
    expireInSeconds: 120,
    run: () => dispatcher.run(),
  });

export const OUTBOUND_CAMPAIGNS_JOB = 'outbound.campaigns';

/**
 * The daily reminder and confirmation campaigns. The calling window is in the practice's time zone and can
 * change, so the job looks every 15 minutes and queues only inside the window: the first look after the
 * window opens queues the day's calls, later ones only appointments booked since (each is called once).
 */
export const outboundCampaignsJob = (campaigns: { run(): Promise<Record<string, number>> }) =>
  defineJob<object>({
    name: OUTBOUND_CAMPAIGNS_JOB,
    payload: NO_PAYLOAD,
    cron: '*/15 * * * *',
    runAtStart: true,
    retryLimit: 1,
    expireInSeconds: 300,
    run: () => campaigns.run(),
  });
