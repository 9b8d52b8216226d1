/**
 * A server for modules/messaging/sender.db.test.ts to kill -9 while it sends texts: the app with the built-in
 * messaging sandbox and the job queue running the sender. Usage: node --import tsx messaging-crash-fixture.ts <url>
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
  textSender: { segmentsPerSecond: 20 },
  jobs: { connectionString: url, pollingIntervalSeconds: 1 },
});
await app.ready();
await queue!.start();
process.stdout.write('started\n');
