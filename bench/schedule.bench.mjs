// Schedule benchmarks on the built-in schedule: `node bench/schedule.bench.mjs` (or through `npm run bench`).
// 1. POST /webhook tool-calls mixing findPatient and checkAvailability at 50 connections (target p99 ≤ 25 ms).
// 2. GET /api/appointments for one week holding 500 appointments at 10 connections (target p99 ≤ 50 ms).
// Uses an embedded PostgreSQL in a temporary folder, or BENCH_DATABASE_URL (an empty database) when set.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { register } from 'tsx/esm/api';

register();
const root = path.resolve(import.meta.dirname, '..');
const load = (file) => import(path.join(root, file));
const { buildApp } = await load('src/server/app.ts');
const { connectDatabase, migrateDatabase } = await load('src/server/db/client.ts');
const { startEmbeddedPostgres } = await load('src/server/db/embedded-postgres.ts');
const { seedDemoPractice, DEMO_ADMIN } = await load('src/server/db/seed/demo-practice.ts');
const wallTime = await load('src/server/integrations/practice-management/wall-time.ts');

const SECRET = 'bench-webhook-secret-0123456789';
const ZONE = 'America/New_York';
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const dataDir = process.env.BENCH_DATABASE_URL
  ? undefined
  : mkdtempSync(path.join(os.tmpdir(), 'servc-bench-'));
if (dataDir) chmodSync(dataDir, 0o755);
const embedded = dataDir ? await startEmbeddedPostgres(dataDir) : undefined;
const database = connectDatabase(process.env.BENCH_DATABASE_URL ?? embedded.url, 20);

function nextMonday() {
  let date = wallTime.wallFromInstant(new Date(), ZONE).slice(0, 10);
  do date = wallTime.addMinutesToWall(`${date}T00:00:00`, 1440).slice(0, 10);
  while (new Date(`${date}T12:00:00Z`).getUTCDay() !== 1);
  return date;
}

/** Fills next week up to 500 appointments with extra providers (no rooms), straight in SQL. */
async function fillWeek(monday) {
  const pool = database.pool;
  await pool.query(`insert into providers (name, display_name, kind)
    select 'Bench ' || g, 'Dr. Bench ' || g, 'dentist' from generate_series(1, 10) g`);
  const { rows: providers } = await pool.query('select id from providers order by created_at, name');
  const { rows: patients } = await pool.query('select id from patients');
  const week = wallTime.dayRange(monday, ZONE).start;
  const { rows: existing } = await pool.query(
    `select count(*)::int as n from appointments where starts_at >= $1 and starts_at < $1::timestamptz + interval '7 days'`,
    [week],
  );
  let needed = 500 - existing[0].n;
  for (let day = 0; day < 5 && needed > 0; day++) {
    const date = wallTime.addMinutesToWall(`${monday}T00:00:00`, day * 1440).slice(0, 10);
    for (const minute of [420, 450, 480, 510, 1080, 1110, 1140, 1170, 1200, 1230]) {
      for (const provider of providers) {
        if (needed <= 0) break;
        const start = wallTime.instantFromWall(wallTime.wallAt(date, minute), ZONE);
        const inserted = await pool.query(
          `insert into appointments (patient_id, provider_id, appointment_type, starts_at, ends_at, status, notes, confirmation_number)
           values ($1, $2, 'dental_checkup', $3, $3::timestamptz + interval '30 minutes', 'confirmed',
                   'Phone: N/A\nEmail: N/A\nAppointment Type: Dental Checkup\nNotes: No additional notes', $4)
           on conflict do nothing`,
          [patients[needed % patients.length].id, provider.id, start, `B${String(needed).padStart(5, '0')}`],
        );
        needed -= inserted.rowCount;
      }
    }
  }
}

function run(title, options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 50, duration: DURATION_SECONDS, workers: 1, ...options }, (error, result) => {
      if (error) return reject(error);
      const non2xx = result.non2xx + result.errors;
      console.log(
        `${title}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, ` +
          `p99 ${result.latency.p99} ms, max ${result.latency.max} ms, ${result.requests.total} requests, ${non2xx} failed`,
      );
      resolve(result);
    });
  });
}

try {
  await migrateDatabase(database);
  await seedDemoPractice(database.db);
  const monday = nextMonday();
  await fillWeek(monday);
  const app = await buildApp({
    db: database.db,
    session: { idleMinutes: 30, maxHours: 12 },
    logLevel: 'silent',
    webhookSecret: SECRET,
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${address}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
  });
  const { sessionId } = await login.json();
  const { rows } = await database.pool.query('select phone from patients order by created_at limit 20');
  const thursday = wallTime.addMinutesToWall(`${monday}T00:00:00`, 3 * 1440).slice(0, 10);
  const toolCalls = (i) =>
    JSON.stringify({
      message: {
        type: 'tool-calls',
        toolCallList: [
          {
            id: `find-${i}`,
            type: 'function',
            function: { name: 'findPatient', arguments: { phone_number: rows[i % rows.length].phone } },
          },
          {
            id: `check-${i}`,
            type: 'function',
            function: {
              name: 'checkAvailability',
              arguments: {
                appointment_type: 'dental_checkup',
                preferred_date: thursday,
                time_preference: 'afternoon',
              },
            },
          },
        ],
      },
    });

  if (process.env.BENCH_SEQUENTIAL) {
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      const r = await fetch(`${address}/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-vapi-secret': SECRET },
        body: toolCalls(i),
      });
      await r.text();
      console.log('sequential webhook', r.status, Math.round(performance.now() - started), 'ms');
    }
  }
  console.log(
    `Schedule benchmark on ${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, node ${process.version}`,
  );
  await run('POST /webhook (findPatient + checkAvailability, 50 connections)', {
    url: `${address}/webhook`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-vapi-secret': SECRET },
    requests: Array.from({ length: 20 }, (_, i) => ({ body: toolCalls(i) })),
  });
  const sunday = wallTime.addMinutesToWall(`${monday}T00:00:00`, -1440).slice(0, 10);
  const end = wallTime.addMinutesToWall(`${monday}T00:00:00`, 6 * 1440).slice(0, 10);
  const week = await (
    await fetch(`${address}/api/appointments?start=${sunday}&end=${end}`, {
      headers: { authorization: `Bearer ${sessionId}` },
    })
  ).json();
  await run(`GET /api/appointments (one week, ${week.appointments.length} appointments, 10 connections)`, {
    connections: 10,
    url: `${address}/api/appointments?start=${sunday}&end=${end}`,
    headers: { authorization: `Bearer ${sessionId}` },
  });
  await app.close();
} finally {
  await database.close();
  await embedded?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
