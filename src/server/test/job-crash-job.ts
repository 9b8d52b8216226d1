import { z } from 'zod';
import { defineJob } from '../jobs/queue';

/** The job jobs/queue.db.test.ts sends from a process it then kills; expires after 5 s so the test is short. */
export const crashJob = defineJob<{ n: number }>({
  name: 'test.crash',
  payload: z.object({ n: z.number().int() }),
  expireInSeconds: 5,
  retryLimit: 2,
  run: async () => undefined,
});
