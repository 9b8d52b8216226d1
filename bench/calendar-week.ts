// The calendar's week through the API with the read caches off (issue 26: "uncached"), at 500 and 5,000
// appointments, beside the same SQL through `pg` alone, measured in the same run. Used by calendar.bench.ts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import type { Pool } from 'pg';
import { buildApp } from '../src/server/app';
import { DEMO_ADMIN } from '../src/server/db/seed/demo-practice';
import { addMinutesToWall } from '../src/server/lib/wall-time';
import { benchDatabase, demoPracticeId, listen, signIn } from './lib';

const RUNS = Number(process.env.BENCH_WEEK_RUNS ?? 30);
const PROVIDERS = 50;

/**
 * Fills the week of `monday` (Sunday to Saturday) to `size` appointments: 50 extra providers, 100 extra
 * patients, weekdays 09:00–19:00 by half hour, no provider or patient in two places at once.
 */
export async function fillBigWeek(pool: Pool, monday: string, size: number, zone: string): Promise<void> {
  const practiceId = await demoPracticeId(pool);
  const sunday = addMinutesToWall(`${monday}T00:00:00`, -1440).slice(0, 10);
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from appointments
     where practice_id = $1 and starts_at >= ($2::date::timestamp at time zone $3)
       and starts_at < (($2::date + 7)::timestamp at time zone $3)`,
    [practiceId, sunday, zone],
  );
  const needed = size - rows[0]!.n;
  if (needed <= 0) return;
  await pool.query(
    `insert into providers (practice_id, name, display_name, kind)
     select $1, 'Week ' || g, 'Dr. Week ' || g, 'dentist' from generate_series(1, ${PROVIDERS}) g`,
    [practiceId],
  );
  await pool.query(
    `insert into patients (practice_id, given_name, family_name, phone)
     select $1, 'Week', 'Patient ' || g, '+1718555' || lpad(g::text, 4, '0') from generate_series(1, 100) g`,
    [practiceId],
  );
  await pool.query(
    `with p as (select id, row_number() over (order by name) as n from providers
                where practice_id = $1 and name like 'Week %'),
          c as (select id, row_number() over (order by family_name) as n from patients
                where practice_id = $1 and given_name = 'Week'),
          slot as (select d, s, (($2::date + d)::timestamp + interval '9 hours' + s * interval '30 minutes')
                                  at time zone $3 as at
                   from generate_series(0, 4) d, generate_series(0, 19) s)
     insert into appointments (practice_id, patient_id, provider_id, appointment_type, starts_at, ends_at,
                               status, notes, confirmation_number)
     select $1, c.id, p.id, 'dental_checkup', slot.at, slot.at + interval '30 minutes', 'confirmed',
            'Phone: N/A' || chr(10) || 'Email: N/A' || chr(10) || 'Appointment Type: Dental Checkup' || chr(10) ||
            'Notes: No additional notes',
            'W' || lpad((row_number() over ())::text, 5, '0')
     from slot join p on true join c on c.n = p.n + ${PROVIDERS} * (slot.s % 2)
     order by slot.d, slot.s, p.n
     limit $4`,
    [practiceId, monday, zone, needed],
  );
  await pool.query('vacuum analyze appointments, patients, providers');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)]!;

async function time(work: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

export interface WeekFigures {
  count: number;
  /** Every read cache off (sessions included): every request reads the database. */
  off: number[];
  /** As the app runs, the week's cache emptied before each request (a booking just changed it). */
  running: number[];
  /** The same with the browser's Accept-Encoding (compressed each time). */
  browser: number[];
  /** The app's week statement through `pg` alone. */
  sql: number[];
  /** A bare node:http server sending the same bytes from memory: the transport's own cost. */
  bytes: number[];
  load: number;
  plan: string;
}

/**
 * One database filled to `size` and the app on it twice (caches off; as it runs), the week asked for in turn
 * with the bare SQL, RUNS times after 3 to warm up, so that each figure and its baseline share the same minutes.
 */
export async function measureWeek(monday: string, size: number, zone: string): Promise<WeekFigures> {
  const database = await benchDatabase();
  try {
    await fillBigWeek(database.pool, monday, size, zone);
    const options = { db: database.db, session: { idleMinutes: 30, maxHours: 12 }, logLevel: 'warn' };
    const off = await buildApp(options);
    const offUrl = await listen(off);
    await database.changes.start();
    const running = await buildApp({ ...options, changes: database.changes });
    const runningUrl = await listen(running);
    const sessionId = await signIn(runningUrl, DEMO_ADMIN);
    const sunday = addMinutesToWall(`${monday}T00:00:00`, -1440).slice(0, 10);
    const nextSunday = addMinutesToWall(`${monday}T00:00:00`, 6 * 1440).slice(0, 10);
    const path = `/api/appointments?start=${sunday}&end=${nextSunday}`;
    // Uncompressed must be asked for: fetch (undici) otherwise sends `accept-encoding: gzip, deflate` itself.
    const headers = { authorization: `Bearer ${sessionId}`, 'accept-encoding': 'identity' };
    const browser = { ...headers, 'accept-encoding': 'gzip, deflate, br, zstd' };
    const body = (await (await fetch(`${offUrl}${path}`, { headers })).json()) as { appointments: unknown[] };

    // The statement the app sends for the week, captured from the pool, to run through pg alone.
    const client = (
      database.pool as unknown as {
        options: { Client: { prototype: { query: (...args: unknown[]) => unknown } } };
      }
    ).options.Client.prototype;
    const original = client.query;
    let week: { name?: string; text: string; values: unknown[]; rowMode?: string } | undefined;
    client.query = function (this: unknown, ...args: unknown[]) {
      const config = args[0] as { name?: string; text?: string; values?: unknown[]; rowMode?: string };
      if (typeof config === 'object' && config.text && /from "?appointments"? /.test(config.text))
        week = {
          name: config.name,
          text: config.text,
          values: (args[1] as unknown[] | undefined) ?? config.values ?? [],
          rowMode: config.rowMode,
        };
      return original.apply(this, args);
    };
    await fetch(`${offUrl}${path}`, { headers });
    client.query = original;
    if (!week) throw new Error('the week query was not seen');
    const statement = { name: week.name, text: week.text, values: week.values, rowMode: week.rowMode };

    const bytes = Buffer.from(await (await fetch(`${offUrl}${path}`, { headers })).arrayBuffer());
    const bare = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      response.end(bytes);
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
    const figures: WeekFigures = {
      count: body.appointments.length,
      off: [],
      running: [],
      browser: [],
      sql: [],
      bytes: [],
      load: 0,
      plan: '',
    };
    const emptied = () => database.changes.wrote(['appointments']);
    for (let run = -3; run < RUNS; run++) {
      const a = await time(async () => (await fetch(`${offUrl}${path}`, { headers })).arrayBuffer());
      emptied();
      const b = await time(async () => (await fetch(`${runningUrl}${path}`, { headers })).arrayBuffer());
      emptied();
      const c = await time(async () =>
        (await fetch(`${runningUrl}${path}`, { headers: browser })).arrayBuffer(),
      );
      const d = await time(() => database.pool.query(statement as never));
      const e = await time(async () => (await fetch(bareUrl)).arrayBuffer());
      if (run < 0) continue;
      figures.bytes.push(e);
      figures.off.push(a);
      figures.running.push(b);
      figures.browser.push(c);
      figures.sql.push(d);
    }
    figures.load = loadavg()[0]!;
    const explain = await database.pool.query({
      text: `explain (analyze, buffers, costs off) ${statement.text}`,
      values: statement.values,
    });
    figures.plan = explain.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
    bare.close();
    await off.close();
    await running.close();
    return figures;
  } finally {
    await database.dispose();
  }
}

export function printWeek(figures: WeekFigures[]): void {
  const f1 = (values: number[]) => `${median(values).toFixed(1)} (${p90(values).toFixed(1)})`;
  console.log(
    `\nThe week through GET /api/appointments, uncached, ${RUNS} requests of each in turn after 3 to warm up`,
  );
  console.log('p50 ms (p90)');
  console.log(
    '| appointments | as it runs, week read again | same, browser encoding | every cache off | bare SQL (pg alone) | bare node:http, same bytes from memory | week read again ÷ SQL | load avg (1 min) |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const f of figures)
    console.log(
      `| ${f.count} | ${f1(f.running)} | ${f1(f.browser)} | ${f1(f.off)} | ${f1(f.sql)} | ${f1(f.bytes)} | ${(median(f.running) / median(f.sql)).toFixed(2)} | ${f.load.toFixed(2)} |`,
    );
  console.log('\ntargets at 5,000: p50 <= 150 ms and <= 2x the bare SQL');
  for (const f of figures) console.log(`\nPlan at ${f.count}:\n${f.plan}`);
}
