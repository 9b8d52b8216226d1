/**
 * A process for jobs/queue.db.test.ts to kill -9: it starts the queue, sends two jobs and hangs in the first
 * (so one is running and one waiting at the crash). Usage: node --import tsx job-crash-fixture.ts <database url>
 */
import { createJobQueue } from '../jobs/queue';
import { crashJob } from './job-crash-job';

const queue = createJobQueue({
  connectionString: process.argv[2]!,
  jobs: [{ ...crashJob, run: () => new Promise(() => undefined) }],
  onError: () => undefined,
  pollingIntervalSeconds: 1,
});
await queue.start();
await queue.send(crashJob, { n: 1 });
await queue.send(crashJob, { n: 2 });
process.stdout.write('sent\n');
