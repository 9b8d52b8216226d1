/**
 * A server for the crash tests to kill -9 mid-work (outbound dispatch, the text sender): the app with the built-in
 * sandboxes and the job queue running. Usage: node --import tsx app-crash-fixture.ts <url> '<json>', the JSON
 * holding the app's timings (`outbound`, `textSender`).
 */
import { composeApp, type AppDeps } from '../app';
import { connectDatabase } from '../db/client';

const url = process.argv[2]!;
const timings = JSON.parse(process.argv[3] ?? '{}') as Pick<AppDeps, 'outbound' | 'textSender'>;
const database = connectDatabase(url, 5);
const { app, queue } = await composeApp({
  db: database.db,
  session: { idleMinutes: 30, maxHours: 12 },
  logLevel: 'silent',
  webhookSecret: 'crash-fixture-secret',
  ...timings,
  jobs: { connectionString: url, pollingIntervalSeconds: 1 },
});
await app.ready();
await queue!.start();
process.stdout.write('started\n');
