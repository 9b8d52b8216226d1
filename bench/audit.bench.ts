// What one audit entry costs, by the size of the batch it is written in (ADR 061): the server's CPU (this
// process: building the arrays, `pg`) and PostgreSQL's (the postmaster and its backends, from /proc), per entry.
// The voice benchmark's batches hold 25–70 entries (its "audit" queries per request: 0.014–0.040); a quiet
// practice's hold one.
// Run with `npm run bench -- audit`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { benchDatabase } from './lib';
import { loadAverage } from './baseline';
import { createAuditRepo, type NewAuditEvent } from '../src/server/modules/audit/audit.repo';

const ENTRIES = 20_000;
const BATCH_SIZES = [1, 10, 25, 50, 100];
const ROUNDS = 2;
/** /proc counts CPU in clock ticks of 10 ms on Linux. */
const TICK_MICROSECONDS = 10_000;

/** CPU ticks spent so far by the postmaster whose pid is `postmaster` and by its children (backends, WAL writer). */
function postgresTicks(postmaster: number): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended while we looked
    }
    // Fields after the command's closing parenthesis: state, ppid, …, utime (12th), stime (13th).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pid) === postmaster || Number(fields[1]) === postmaster)
      ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks;
}

const database = await benchDatabase(2);
const postmaster = Number(
  readFileSync(path.join(database.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
);
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
  const ticks = postgresTicks(postmaster);
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let written = 0; written < ENTRIES; written += batchSize)
    await repo.insert(Array.from({ length: batchSize }, entry));
  const wall = ((performance.now() - started) * 1000) / ENTRIES;
  const { user, system } = process.cpuUsage(cpu);
  const server = (user + system) / ENTRIES;
  const postgres = ((postgresTicks(postmaster) - ticks) * TICK_MICROSECONDS) / ENTRIES;
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
