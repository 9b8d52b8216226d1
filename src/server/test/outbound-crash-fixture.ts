/**
 * A server for jobs/outbound-dispatch.db.test.ts to kill -9 while it dispatches: the app with the sandbox
 * voice and the job queue running the outbound dispatch job. Usage: node --import tsx outbound-crash-fixture.ts <url>
 */
import { composeApp } from '../app';
import { connectDatabase } from '../db/client';

const url = process.argv[2]!;
const database = connectDatabase(url, 5);
const { app, queue } = await composeApp({
  db: database.db,
  session: { idleMinutes: 30, maxHours: 12 },
  logLevel: 'silent',
  webhookSecret: 'crash-fixture-secret',
  outbound: { sandboxCallMs: 1_000 },
  jobs: { connectionString: url, pollingIntervalSeconds: 1 },
});
await app.ready();
await queue!.start();
process.stdout.write('started\n');
