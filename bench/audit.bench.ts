// What one audit entry costs, by the size of the batch it is written in (ADR 061): the server's CPU (this
// process: building the arrays, `pg`) and PostgreSQL's (the postmaster and its backends, from /proc), per entry.
// The voice benchmark's batches hold 25–70 entries (its "audit" queries per request: 0.014–0.040); a quiet
// practice's hold one.
// Run with `npm run bench -- audit`.
import { benchDatabase } from './lib';
import { databaseCpu, loadAverage } from './baseline';
import { createAuditRepo, type NewAuditEvent } from '../src/server/modules/audit/audit.repo';

const ENTRIES = 20_000;
const BATCH_SIZES = [1, 10, 25, 50, 100];
const ROUNDS = 2;

const database = await benchDatabase(2);
const repo = createAuditRepo(database.db);
const { rows } = await database.pool.query<{ id: string }>('select id from practices limit 1');
const practiceId = rows[0]!.id;
let serial = 0;
// A voice tool call's entry, as the webhook records it (no actor; the practice called).
const entry = (): NewAuditEvent => ({
  at: new Date(),
  actorUserId: null,
  actorRole: null,
  practiceId,
  action: 'patient_data.read',
  resourceType: 'patient_data',
  resourceId: null,
  outcome: 'allowed',
  route: 'POST /webhook',
  detail: null,
  clientAddress: '127.0.0.1',
  userAgent: 'bench',
  requestId: `00000000-0000-4000-8000-${String(serial++).padStart(12, '0')}`,
});

async function measure(batchSize: number) {
  const databaseBefore = databaseCpu(database.dataDir);
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let written = 0; written < ENTRIES; written += batchSize)
    await repo.insert(Array.from({ length: batchSize }, entry));
  const wall = ((performance.now() - started) * 1000) / ENTRIES;
  const { user, system } = process.cpuUsage(cpu);
  const server = (user + system) / ENTRIES;
  const postgres = (databaseCpu(database.dataDir) - databaseBefore) / ENTRIES;
  return { batchSize, wall, server, postgres, load: loadAverage() };
}

await measure(10); // warm-up: the prepared statement, the JIT, the table's first pages
const results = [];
for (let round = 0; round < ROUNDS; round++)
  for (const batchSize of BATCH_SIZES) results.push(await measure(batchSize));
await database.dispose();

console.log(`\nAudit entries written one batch after another (${ENTRIES} entries a row, one connection)`);
console.log(
  '| entries per INSERT | wall µs/entry | server CPU µs/entry | PostgreSQL CPU µs/entry | load average |',
);
console.log('| --- | --- | --- | --- | --- |');
for (const { batchSize, wall, server, postgres, load } of results)
  console.log(
    `| ${batchSize} | ${wall.toFixed(1)} | ${server.toFixed(1)} | ${postgres.toFixed(1)} | ${load} |`,
  );
console.log(new Date().toUTCString());
process.exit(0);
