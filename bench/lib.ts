import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg, { type Pool } from 'pg';
import { openDatabase, type OpenedDatabase } from '../src/server/db/open';
import {
  addMinutesToWall,
  dayRange,
  instantFromWall,
  wallAt,
  wallFromInstant,
} from '../src/server/lib/wall-time';
import { seedDemoPractice } from '../src/server/db/seed/demo-practice';

// `npm run bench` runs from the repository root (the benchmarks themselves run bundled, from dist/bench).
const autocannonBin = path.resolve('node_modules/autocannon/autocannon.js');
const loadEachScript = path.resolve('bench/load-each.mjs');
const loadCallersScript = path.resolve('bench/load-callers.mjs');

export const CONNECTIONS = 50;
export const DURATION_SECONDS = 10;

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Requests answered 2xx in the whole run. */
  ok: number;
  /** Requests sent (some may still be in flight when the run stops). */
  sent: number;
}

/**
 * The CPU time this process (the servers under test, with V8's helper threads) spent per answered request
 * while `run` loaded it, in µs. Steadier than throughput on a shared machine: it counts the work, not the wait.
 */
export async function cpuPerRequest(
  run: () => Promise<LoadResult>,
): Promise<{ figure: LoadResult; cpu: number }> {
  const before = process.cpuUsage();
  const figure = await run();
  const { user, system } = process.cpuUsage(before);
  return { figure, cpu: Math.round((user + system) / Math.max(1, figure.ok)) };
}

/** Embedded PostgreSQL in a temporary folder, migrated and seeded with the demo practice. */
export async function benchDatabase(
  poolSize = Number(process.env.BENCH_POOL_SIZE ?? 10),
): Promise<OpenedDatabase & { dataDir: string; dispose(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'servc-bench-'));
  chmodSync(dataDir, 0o755);
  const database = await openDatabase({ dataDir, poolSize });
  await seedDemoPractice(database.db);
  // Settled as after any bulk load: the seed's small tables are below autovacuum's threshold and were never
  // analyzed, so whichever server ran first met other plans (issue 26: the app, always first, at half speed).
  await database.pool.query('vacuum analyze');
  return {
    ...database,
    dataDir,
    dispose: async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const run = promisify(execFile);

/**
 * autocannon in its own process (so it does not share the server's event loop), against 127.0.0.1 only,
 * bounded by DURATION_SECONDS. `body` makes it a POST of JSON.
 */
export async function load(
  url: string,
  headers: Record<string, string> = {},
  body?: unknown,
  extraArgs: string[] = [],
): Promise<LoadResult> {
  onlyLoopback(url);
  const args = ['-c', String(CONNECTIONS), '-d', String(DURATION_SECONDS), '--json'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  if (body !== undefined)
    args.push('-m', 'POST', '-H', 'content-type=application/json', '-b', JSON.stringify(body));
  args.push(...extraArgs);
  return loadResult(
    await run(process.execPath, [autocannonBin, ...args, url], { maxBuffer: 16 * 1024 * 1024 }),
  );
}

/**
 * As `load`, a POST of JSON, each request with the next of `bodies` (as users ask for different things: one body
 * repeated would measure a cache).
 */
export async function loadEach(
  url: string,
  headers: Record<string, string>,
  bodies: readonly unknown[],
): Promise<LoadResult> {
  onlyLoopback(url);
  return loadResult(
    await driver(loadEachScript, {
      url,
      connections: CONNECTIONS,
      duration: DURATION_SECONDS,
      headers,
      bodies,
    }),
  );
}

/**
 * GETs in turn from `gets` (each a path and its own headers, e.g. another practice's session) with `connections`
 * clients for DURATION_SECONDS: varied requests, so no one answer is measured again and again.
 */
export async function loadGets(
  url: string,
  gets: readonly { path: string; headers: Record<string, string> }[],
  connections = CONNECTIONS,
): Promise<LoadResult> {
  onlyLoopback(url);
  return loadResult(
    await driver(loadEachScript, { url, connections, duration: DURATION_SECONDS, headers: {}, gets }),
  );
}

/** The n-th distinct caller number, +1 212 NXX XXXX with the exchange from 300 up, as load-callers.mjs makes it. */
export const callerNumber = (n: number) =>
  `+1212${300 + Math.floor(n / 10_000)}${String(n % 10_000).padStart(4, '0')}`;

/** The next caller number no request of this process has used (`loadCallers` and the bare SQL take from it). */
export const callers = { next: 0 };

/**
 * POSTs for `seconds` (default DURATION_SECONDS) with `connections` clients, each request one of `templates` in
 * turn (JSON text with `__CALLER__` and `__N__`) with a caller number never sent before in this process
 * (bench/load-callers.mjs).
 */
export async function loadCallers(
  url: string,
  headers: Record<string, string>,
  templates: readonly string[],
  connections = CONNECTIONS,
  seconds = DURATION_SECONDS,
): Promise<LoadResult> {
  onlyLoopback(url);
  const output = await driver(loadCallersScript, {
    url,
    connections,
    duration: seconds,
    headers,
    templates,
    first: callers.next,
  });
  callers.next = (JSON.parse(output.stdout) as { next: number }).next;
  return loadResult(output);
}

/** Runs a load driver (bench/load-*.mjs) in a process of its own on a config file; answers its output. */
async function driver(script: string, config: object): Promise<{ stdout: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'servc-load-'));
  const file = path.join(dir, 'config.json');
  writeFileSync(file, JSON.stringify(config));
  try {
    return await run(process.execPath, [script, file], { maxBuffer: 16 * 1024 * 1024 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function onlyLoopback(url: string) {
  if (!url.startsWith('http://127.0.0.1:')) throw new Error('load tests only target 127.0.0.1');
}

function loadResult({ stdout }: { stdout: string }): LoadResult {
  const result = JSON.parse(stdout) as {
    requests: { average: number; sent: number };
    latency: { p50: number; p99: number };
    /** From the drivers in bench/ (latency.mjs): to a hundredth of a ms, where autocannon's are whole ms. */
    latencyMs?: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    '2xx': number;
  };
  const latency = result.latencyMs ?? result.latency;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: latency.p50,
    p99: latency.p99,
    non2xx: result.non2xx + result.errors,
    ok: result['2xx'],
    sent: result.requests.sent,
  };
}

export function printTable(title: string, rows: [string, LoadResult][]): void {
  console.log(`\n${title}`);
  console.log('| what | requests/s | p50 ms | p99 ms | errors |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const [name, r] of rows)
    console.log(`| ${name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.non2xx} |`);
}

/** The app on a free loopback port, signed in as the demo admin. */
export async function listen(app: { listen(options: { port: number; host: string }): Promise<string> }) {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

export async function signIn(
  baseUrl: string,
  credentials: { email: string; password: string },
): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  return ((await response.json()) as { sessionId: string }).sessionId;
}

/** The practice-local date of the next Monday after today. */
export function nextMonday(zone: string): string {
  let date = wallFromInstant(new Date(), zone).slice(0, 10);
  do date = addMinutesToWall(`${date}T00:00:00`, 1440).slice(0, 10);
  while (new Date(`${date}T12:00:00Z`).getUTCDay() !== 1);
  return date;
}

/** The demo practice the benchmarks measure (Bright Smile Dental, the first seeded). */
export async function demoPracticeId(pool: Pool): Promise<string> {
  return (await pool.query<{ id: string }>('select id from practices order by created_at, id limit 1'))
    .rows[0]!.id;
}

/**
 * Fills the week of `monday` (Sunday to Saturday) of the demo practice up to `size` appointments with 10 extra
 * providers, in SQL.
 */
export async function fillWeek(pool: Pool, monday: string, size: number, zone: string): Promise<void> {
  const practiceId = await demoPracticeId(pool);
  await pool.query(
    `insert into providers (practice_id, name, display_name, kind)
     select $1, 'Bench ' || g, 'Dr. Bench ' || g, 'dentist' from generate_series(1, 10) g`,
    [practiceId],
  );
  const providers = (
    await pool.query<{ id: string }>(
      'select id from providers where practice_id = $1 order by created_at, name',
      [practiceId],
    )
  ).rows;
  const patients = (
    await pool.query<{ id: string }>('select id from patients where practice_id = $1', [practiceId])
  ).rows;
  const weekStart = dayRange(addMinutesToWall(`${monday}T00:00:00`, -1440).slice(0, 10), zone).start;
  const existing = await pool.query<{ n: number }>(
    `select count(*)::int as n from appointments
     where practice_id = $2 and starts_at >= $1 and starts_at < $1::timestamptz + interval '7 days'`,
    [weekStart, practiceId],
  );
  let needed = size - existing.rows[0]!.n;
  for (let day = 0; day < 5 && needed > 0; day++) {
    const date = addMinutesToWall(`${monday}T00:00:00`, day * 1440).slice(0, 10);
    for (const minute of [420, 450, 480, 510, 1080, 1110, 1140, 1170, 1200, 1230]) {
      for (const provider of providers) {
        if (needed <= 0) break;
        const start = instantFromWall(wallAt(date, minute), zone);
        const inserted = await pool.query(
          `insert into appointments (practice_id, patient_id, provider_id, appointment_type, starts_at, ends_at, status, notes, confirmation_number)
           values ($5, $1, $2, 'dental_checkup', $3, $3::timestamptz + interval '30 minutes', 'confirmed',
                   'Phone: N/A\nEmail: N/A\nAppointment Type: Dental Checkup\nNotes: No additional notes', $4)
           on conflict do nothing`,
          [
            patients[needed % patients.length]!.id,
            provider.id,
            start,
            `B${String(needed).padStart(5, '0')}`,
            practiceId,
          ],
        );
        needed -= inserted.rowCount ?? 0;
      }
    }
  }
}

/**
 * Runs `work` while `statement` is executed 10 times a second on a connection of its own, as another server
 * process would write: every write reaches the app as a notification and empties the caches that depend on it.
 */
export async function whileWriting<T>(
  databaseUrl: string,
  statement: string,
  values: unknown[],
  work: () => Promise<T>,
): Promise<T> {
  const other = new pg.Client({ connectionString: databaseUrl });
  await other.connect();
  let writing: Promise<unknown> = Promise.resolve();
  const writer = setInterval(() => {
    writing = other.query(statement, values);
  }, 100);
  try {
    return await work();
  } finally {
    clearInterval(writer);
    // The last write may still be on its way: ending the connection under it would fail it.
    await writing;
    await other.end();
  }
}
