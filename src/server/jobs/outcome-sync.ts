import { z } from 'zod';
import { defineJob, type JobSender } from './queue';

/** The practice whose outcomes to read; none for the cron's and the start's runs, which send one per practice. */
export const OutcomeSyncJobSchema = z.strictObject({ practiceId: z.uuid().optional() });
export type OutcomeSyncJob = z.infer<typeof OutcomeSyncJobSchema>;

export const OUTCOME_SYNC_JOB = 'outcomes.sync';

/** What the job runs (the schedule module's outcome sync). */
export interface OutcomeSyncRunner {
  /** The practices to poll. */
  practices(): Promise<string[]>;
  /** One practice's sync. */
  run(practiceId: string): Promise<unknown>;
}

/**
 * Reads the outcomes of visits (kept, broken, cancelled) from practice systems kept outside the product
 * (issue 25), every 15 minutes and at start: the cron's run sends one job per practice, so a slow or failing
 * practice system holds up and retries only its own practice.
 */
export const outcomeSyncJob = (sync: OutcomeSyncRunner, jobs: JobSender) => {
  const job = defineJob<OutcomeSyncJob>({
    name: OUTCOME_SYNC_JOB,
    payload: OutcomeSyncJobSchema,
    cron: '*/15 * * * *',
    runAtStart: true,
    retryLimit: 2,
    expireInSeconds: 600,
    run: async ({ practiceId }) => {
      if (practiceId) return sync.run(practiceId);
      const practices = await sync.practices();
      for (const id of practices) await jobs.send(job, { practiceId: id });
      return { practices: practices.length };
    },
  });
  return job;
};
