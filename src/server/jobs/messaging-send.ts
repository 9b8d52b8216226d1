import { z } from 'zod';
import { defineJob } from './queue';

/** The sender's payload: the practice whose texts were queued; none for the cron's and the start's runs. */
export const MessagingSendJobSchema = z.strictObject({ practiceId: z.uuid().optional() });
export type MessagingSendJob = z.infer<typeof MessagingSendJobSchema>;

export const MESSAGING_SEND_JOB = 'messaging.send';

/**
 * Sends queued texts (modules/messaging/sender.ts), of the payload's practice or of every one: sent when texts
 * are queued, every minute by cron (retries whose time came, texts a dead sender left `sending`), and at start.
 * Each run stops after about 50 s, well before its expiry.
 */
export const messagingSendJob = (sender: { run(maxMs?: number, practiceId?: string): Promise<unknown> }) =>
  defineJob<MessagingSendJob>({
    name: MESSAGING_SEND_JOB,
    payload: MessagingSendJobSchema,
    cron: '* * * * *',
    runAtStart: true,
    retryLimit: 0,
    expireInSeconds: 120,
    run: async (data) => sender.run(undefined, data.practiceId),
  });
