import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/test-app';
import { createJobQueue, defineJob, JobPayloadError, type JobQueue } from './queue';

let t: TestApp;
let queue: JobQueue | undefined;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await queue?.stop(1000);
  await t.close();
});

const remind = defineJob<{ practiceId: string; patient: string }>({
  name: 'test.payload',
  payload: z.object({ practiceId: z.guid(), patient: z.string() }),
  retryLimit: 0,
  run: async () => undefined,
});
/** The same queue as an older release (or a bug) would fill it: any object goes. */
const loose = defineJob<Record<string, unknown>>({ ...remind, payload: z.record(z.string(), z.unknown()) });

it('fails a job whose payload does not fit its schema, naming the fields and not their values, and runs the rest', async () => {
  const ran: string[] = [];
  const errors: { job?: string; error: Error }[] = [];
  queue = createJobQueue({
    connectionString: t.database.pool.options.connectionString!,
    jobs: [{ ...remind, run: async (data: { patient: string }) => void ran.push(data.patient) }],
    onError: (error, job) => errors.push({ job, error }),
    pollingIntervalSeconds: 1,
  });
  await queue.start();
  const practiceId = crypto.randomUUID();
  await queue.send(loose, { practiceId: 'Jane Doe', patient: 'Jane Doe' });
  await queue.send(remind, { practiceId, patient: 'ok' });
  // A payload that does not fit is refused at the send as well.
  await expect(queue.send(remind, { patient: 'Jane Doe' } as never)).rejects.toThrow(JobPayloadError);

  for (let waited = 0; (ran.length < 1 || errors.length < 1) && waited < 20_000; waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100));
  expect(ran).toEqual(['ok']);
  expect(errors).toHaveLength(1);
  expect(errors[0]!.job).toBe('test.payload');
  expect(errors[0]!.error).toBeInstanceOf(JobPayloadError);
  expect(errors[0]!.error.message).toBe(
    "The test.payload job's payload does not fit its schema: practiceId.",
  );
  const states = await t.database.pool.query<{ state: string }>(
    `select state from pgboss.job where name = 'test.payload' order by created_on`,
  );
  expect(states.rows.map((row) => row.state)).toEqual(['failed', 'completed']);
}, 40_000);
