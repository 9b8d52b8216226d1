import { defineJob } from './queue';

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
    cron: '* * * * *',
    runAtStart: true,
    retryLimit: 0,
    expireInSeconds: 120,
    run: () => dispatcher.run(),
  });
