/**
 * One server instance for multi-instance.db.test.ts, started as server.ts starts it (migrations at boot, the
 * change feed, the app listening on HTTP, the job queue with housekeeping and the outbound jobs), on the
 * database the test gives, on 127.0.0.1 and a free port. It also runs `test.tick` every minute, which writes
 * a row per run to `instance_ticks` (made by the test), so the test can count runs across instances.
 * Usage: node --import tsx instance-fixture.ts <database url>; prints `listening <port>` when ready.
 */
import { composeApp } from '../app';
import { openDatabase } from '../db/open';
import { OUTBOUND_CAMPAIGNS_JOB } from '../jobs/outbound-dispatch';
import { defineJob, NO_PAYLOAD } from '../jobs/queue';

const url = process.argv[2]!;
const database = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 5 });
await database.changes.start();
const tick = defineJob({
  name: 'test.tick',
  cron: '* * * * *',
  retryLimit: 0,
  payload: NO_PAYLOAD,
  run: () => database.pool.query('insert into instance_ticks (pid) values ($1)', [process.pid]),
});
const { app, queue } = await composeApp({
  db: database.db,
  changes: database.changes,
  session: { idleMinutes: 30, maxHours: 12 },
  logLevel: 'silent',
  webhookSecret: 'multi-instance-secret',
  // Shorter than production's (1.5 s calls, 60 s grace) so the test stays short; the logic is the same.
  outbound: { sandboxCallMs: 500, placementGraceMs: 2_000 },
  // The daily campaigns are paused: they would place the demo practices' reminders beside the test's calls.
  jobs: { connectionString: url, pollingIntervalSeconds: 1, paused: [OUTBOUND_CAMPAIGNS_JOB], extra: [tick] },
});
await app.listen({ port: 0, host: '127.0.0.1' });
await queue!.start();
const address = app.server.address();
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
