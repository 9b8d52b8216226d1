// Analytics at scale (issue 25): two practices, each with 100,000 calls and 50,000 appointments over two years
// (the ledger's bookings by every source, outcomes, confirmations, reminder calls and texts, callbacks), then
// GET /api/analytics for 90-day ranges (a different range, practice or filter on every request: one repeated
// request would measure a cache) against the same SQL run bare from this script, with the same pool size and
// the same number of clients; two-year ranges; the CSV export. Prints the statements' query plans.
// Run with `npm run bench -- analytics`.
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { DEMO_ADMIN, DEMO_VET_ADMIN } from '../src/server/db/seed/demo-practice';
import { addMinutesToWall, wallFromInstant } from '../src/server/lib/wall-time';
import { analyticsStatements, createAnalyticsRepo } from '../src/server/modules/analytics/analytics.repo';
import { createAnalyticsService } from '../src/server/modules/analytics/analytics.service';
import type { PracticeContext } from '../src/server/practice';
import { percentiles } from './latency.mjs';
import { benchDatabase, DURATION_SECONDS, listen, loadGets, signIn, type LoadResult } from './lib';

const CALLS = Number(process.env.BENCH_CALLS ?? 100_000);
const APPOINTMENTS = Number(process.env.BENCH_APPOINTMENTS ?? 50_000);
/** People reading a dashboard, not a switchboard: one, a few and ten at once. */
const CLIENT_COUNTS = [1, 4, 10];
const POOL_SIZE = 10;

const database = await benchDatabase(POOL_SIZE);
const pool = database.db.$client;
const practices = (
  await pool.query<{ id: string; name: string; time_zone: string }>(
    'select id, name, time_zone from practices order by created_at, id',
  )
).rows.slice(0, 2);

/** One practice's two years, generated in SQL from a fixed seed. */
async function fill(practice: { id: string }, index: number) {
  const client = await pool.connect();
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  try {
    await q('select setseed($1)', [0.1 + index / 10]);
    const prefix = `bench-${index}-`;
    await q(
      `insert into calls (practice_id, provider_id, status, type, created_at, started_at, ended_at,
                          duration_seconds, ended_reason, cost, customer_name, customer_number,
                          phone_number_id, assistant_id)
       select $1, $2 || g, 'ended', type, at, case when answered then at end, at + dur * interval '1 second', dur,
              reason, round((dur / 60.0 * (0.09 + r2 * 0.04))::numeric, 4)::float8, 'Bench Caller ' || (g % 5000),
              '+1212' || lpad((1000000 + g % 8999999)::text, 7, '0'), n.id, n.assistant_id
       from (
         select g, now() - r1 * interval '730 days' as at, (20 + r2 * 400)::int as dur, r2,
                case when r3 < 0.85 then 'inboundPhoneCall' when r3 < 0.95 then 'outboundPhoneCall' else 'webCall' end
                  as type,
                r4 < 0.95 as answered,
                (array['customer-ended-call', 'assistant-ended-call', 'silence-timed-out', 'voicemail',
                       'customer-did-not-answer'])[1 + floor(r4 * r4 * 5)::int] as reason,
                floor(r5 * (select count(*) from phone_numbers where practice_id = $1))::int as k
         from (select g, random() r1, random() r2, random() r3, random() r4, random() r5
               from generate_series(1, $3) g) s
       ) c
       join (select id, assistant_id, (row_number() over (order by created_at) - 1)::int as k
             from phone_numbers where practice_id = $1) n using (k)
       order by at`,
      [practice.id, prefix, CALLS],
    );
    const types = `(array['dental_cleaning','dental_checkup','filling','root_canal','dental_examination'])[1 + floor(random() * 5)::int]`;
    const onCalls = Math.round(APPOINTMENTS * 0.55);
    // Bookings on inbound calls (a call, the Processor, a callback) two minutes after the call began.
    await q(
      `insert into appointment_changes (practice_id, appointment_ref, change, channel, provider_call_id, to_start, at)
       select $1, $2 || 'v' || rn,
              'created', case when rn % 11 = 0 then 'processor' when rn % 11 = 1 then 'callback' else 'call' end,
              provider_id, created_at + (1 + floor(random() * 21)) * interval '1 day', created_at + interval '2 minutes'
       from (select provider_id, created_at, row_number() over (order by random()) as rn
             from calls where practice_id = $1 and type = 'inboundPhoneCall') c
       where rn <= $3
       order by created_at`,
      [practice.id, prefix, onCalls],
    );
    // Staff's and texts' bookings, with no call.
    await q(
      `insert into appointment_changes (practice_id, appointment_ref, change, channel, to_start, at)
       select $1, $2 || 's' || g, 'created', case when g % 8 = 0 then 'text' else 'staff' end,
              at + (1 + floor(random() * 21)) * interval '1 day', at
       from (select g, now() - random() * interval '730 days' as at from generate_series(1, $3) g) s
       order by at`,
      [practice.id, prefix, APPOINTMENTS - onCalls - Math.round(APPOINTMENTS * 0.04)],
    );
    // Reminder calls of a fifth of the visits; the first of their calls book a visit too (the outbound source).
    await q(
      `insert into outbound_calls (practice_id, patient_id, patient_name, phone_number, call_type, status,
                                   assistant_id, phone_number_id, appointment_ref, placed_at, vapi_call_id, created_at)
       select $1, 'p' || v.rn, 'Bench Patient', '+12125550100',
              case when v.rn % 10 = 0 then 'recall' else 'reminder' end, 'completed',
              gen_random_uuid(), gen_random_uuid(), v.appointment_ref, v.to_start - interval '1 day', o.provider_id,
              v.to_start - interval '1 day'
       from (select appointment_ref, to_start, row_number() over (order by random()) as rn
             from appointment_changes where practice_id = $1 and change = 'created') v
       join (select provider_id, row_number() over (order by random()) as rn
             from calls where practice_id = $1 and type = 'outboundPhoneCall') o using (rn)
       where v.rn <= $2`,
      [practice.id, Math.round(APPOINTMENTS * 0.2)],
    );
    await q(
      `insert into appointment_changes (practice_id, appointment_ref, change, channel, provider_call_id, to_start, at)
       select $1, $2 || 'o' || rn, 'created', 'call', vapi_call_id, placed_at + (3 + floor(random() * 60)) * interval '1 day',
              placed_at + interval '1 minute'
       from (select vapi_call_id, placed_at, row_number() over (order by random()) as rn
             from outbound_calls where practice_id = $1) o
       where rn <= $3`,
      [practice.id, prefix, Math.round(APPOINTMENTS * 0.04)],
    );
    // Reminder texts of another fifth, on 1,000 conversations.
    await q(
      `insert into conversations (practice_id, phone_number)
       select $1, '+1917' || lpad(g::text, 7, '0') from generate_series(1, 1000) g`,
      [practice.id],
    );
    await q(
      `insert into messages (practice_id, conversation_id, direction, kind, body, status, from_number, to_number,
                             appointment_ref, created_at)
       select $1, c.id, 'outbound', 'reminder', 'Reminder', case when v.rn % 9 = 0 then 'failed' else 'delivered' end,
              '+12125550192', c.phone_number, v.appointment_ref, v.to_start - interval '1 day'
       from (select appointment_ref, to_start, row_number() over (order by random()) as rn
             from appointment_changes where practice_id = $1 and change = 'created') v
       join (select id, phone_number, (row_number() over (order by id) - 1)::int as k
             from conversations where practice_id = $1) c on c.k = v.rn % 1000
       where v.rn <= $2`,
      [practice.id, Math.round(APPOINTMENTS * 0.2)],
    );
    // Confirmations and moves, then each visit's row as the schedule keeps it (ADR 057), with what became of it.
    await q(
      `insert into appointment_changes (practice_id, appointment_ref, change, channel, to_start, at)
       select practice_id, appointment_ref, case when random() < 0.9 then 'confirmed' else 'rescheduled' end,
              'text', to_start + case when random() < 0.9 then interval '0' else interval '2 days' end,
              at + interval '1 day'
       from appointment_changes where practice_id = $1 and change = 'created' and random() < 0.35`,
      [practice.id],
    );
    await q(
      `insert into visits (practice_id, appointment_ref, booked_at, source, provider_call_id, call_id, assistant_id,
                           phone_number_id, appointment_type, new_patient, starts_at, confirmed_at, outcome, late,
                           outcome_origin, decided_at)
       select ch.practice_id, ch.appointment_ref, ch.at,
              case when ch.channel = 'call' and oc.call_type = 'recall' then 'recall'
                   when ch.channel = 'call' and oc.id is not null then 'outbound' else ch.channel end,
              ch.provider_call_id, c.id, c.assistant_id, c.phone_number_id,
              ${types}, random() < 0.3, l.starts_at, l.confirmed_at,
              case when l.starts_at >= now() or r > 0.95 then null
                   when r < 0.75 then 'kept' when r < 0.84 then 'no_show' else 'cancelled' end,
              r >= 0.84 and r <= 0.95 and l.starts_at < now() and random() < 0.35,
              case when l.starts_at < now() and r <= 0.95 then 'staff' end,
              case when l.starts_at < now() and r <= 0.95 then l.starts_at + interval '2 hours' end
       from (select *, random() as r from appointment_changes where practice_id = $1 and change = 'created') ch
       left join outbound_calls oc on oc.practice_id = ch.practice_id and oc.vapi_call_id = ch.provider_call_id
       left join calls c on c.practice_id = ch.practice_id and c.provider_id = ch.provider_call_id
       join lateral (select (array_agg(s.to_start order by s.at desc) filter (where s.to_start is not null))[1]
                              as starts_at,
                            min(s.at) filter (where s.change = 'confirmed') as confirmed_at
                     from appointment_changes s
                     where s.practice_id = ch.practice_id and s.appointment_ref = ch.appointment_ref) l on true
       order by ch.at`,
      [practice.id],
    );
    await q(
      `insert into callbacks (practice_id, call_id, due_at, status, created_at, closed_at)
       select $1, id, created_at + interval '3 hours', case when r < 0.9 then 'done' else 'open' end, created_at,
              case when r < 0.9 then created_at + r * interval '6 hours' end
       from (select id, created_at, random() as r from calls where practice_id = $1 and type = 'inboundPhoneCall'
             order by random() limit $2) c`,
      [practice.id, Math.round(CALLS * 0.08)],
    );
    await q(
      `insert into appointment_type_values (practice_id, appointment_type, value_cents)
       select $1, code, 10000 + sort_order * 2500 from appointment_types
       on conflict do nothing`,
      [practice.id],
    );
  } finally {
    client.release();
  }
}

const seedStart = performance.now();
for (const [index, practice] of practices.entries()) await fill(practice, index);
await pool.query('vacuum analyze');
const counted = (
  await pool.query<{ calls: number; bookings: number; changes: number }>(
    `select (select count(*) from calls)::int as calls,
            (select count(*) from visits)::int as bookings,
            (select count(*) from appointment_changes)::int as changes`,
  )
).rows[0]!;
console.log(
  `seeded ${counted.calls} calls and ${counted.bookings} bookings (${counted.changes} ledger lines) in two practices ` +
    `in ${Math.round((performance.now() - seedStart) / 1000)} s`,
);

// ---- the requests: 90-day windows across the two years, each practice, some filtered ----
const service = createAnalyticsService(createAnalyticsRepo(database.db));
const filters = await pool.query<{ practice_id: string; assistant: string; number: string }>(
  `select n.practice_id, n.assistant_id as assistant, n.id as number from phone_numbers n
   where n.practice_id = any($1) order by n.created_at`,
  [practices.map((p) => p.id)],
);
interface Variant {
  practice: PracticeContext;
  filter: { from: string; to: string; assistantId?: string; phoneNumberId?: string };
}
function variants(days: number, count: number): Variant[] {
  const list: Variant[] = [];
  for (let i = 0; i < count; i++) {
    const row = practices[i % practices.length]!;
    const practice = { id: row.id, name: row.name, timeZone: row.time_zone, status: 'active' as const };
    const today = wallFromInstant(new Date(), row.time_zone).slice(0, 10);
    const day = (offset: number) => addMinutesToWall(`${today}T00:00:00`, offset * 1440).slice(0, 10);
    const start = -729 + ((i * 7) % Math.max(1, 730 - days + 1));
    const own = filters.rows.filter((f) => f.practice_id === row.id);
    const pick = own[i % own.length]!;
    list.push({
      practice,
      filter: {
        from: day(start),
        to: day(start + days - 1),
        ...(i % 5 === 1 && pick.assistant && { assistantId: pick.assistant }),
        ...(i % 5 === 2 && { phoneNumberId: pick.number }),
      },
    });
  }
  return list;
}
const ninety = variants(90, 400);
const twoYears = variants(731, 40);

// ---- query plans of a 90-day window (what the ADR quotes) ----
const sample = ninety[100]!;
// Warm, as a running server's buffers are: each statement once before it is explained.
for (const statement of analyticsStatements(service.params(sample.practice, null, sample.filter)))
  await pool.query(statement.text, statement.values);
console.log(`\nQuery plans, ${sample.practice.name}, ${sample.filter.from} to ${sample.filter.to}:`);
for (const statement of analyticsStatements(service.params(sample.practice, null, sample.filter))) {
  const plan = await pool.query(
    `explain (analyze, buffers, costs off, timing off, summary on) ${statement.text}`,
    statement.values,
  );
  console.log(
    `\n-- ${statement.name}\n${plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}`,
  );
}

if (process.env.BENCH_PLANS_ONLY) {
  // Each statement alone, one at a time, over 40 ranges: where the time goes.
  for (const name of ['calls', 'visits', 'callbacks']) {
    const times: number[] = [];
    for (const v of ninety.slice(0, 40)) {
      const s = analyticsStatements(service.params(v.practice, null, v.filter)).find((x) => x.name === name)!;
      const started = performance.now();
      await pool.query(s.text, s.values);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`${name}: median ${times[20]!.toFixed(1)} ms, max ${times[39]!.toFixed(1)} ms`);
  }
  await database.dispose();
  process.exit(0);
}

// ---- the same statements, bare: a pool of the same size, the same number of clients, the same variants ----
async function bare(list: Variant[], clients: number): Promise<LoadResult> {
  const client = new pg.Pool({ connectionString: database.url, max: POOL_SIZE });
  const latencies: number[] = [];
  let next = 0;
  const until = performance.now() + DURATION_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const v = list[next++ % list.length]!;
        const started = performance.now();
        await Promise.all(
          analyticsStatements(service.params(v.practice, null, v.filter)).map((s) =>
            client.query(s.text, s.values),
          ),
        );
        latencies.push(performance.now() - started);
      }
    }),
  );
  await client.end();
  return {
    requestsPerSecond: Math.round(latencies.length / DURATION_SECONDS),
    ...percentiles(latencies),
    non2xx: 0,
    ok: latencies.length,
    sent: latencies.length,
  };
}

// ---- the app as it runs (sessions from the read cache; analytics reads the database every time) ----
await database.changes.start();
const app = await buildApp({
  db: database.db,
  changes: database.changes,
  session: { idleMinutes: 30, maxHours: 12 },
  logLevel: 'warn',
});
const base = await listen(app);
const sessions = new Map<string, string>([
  [practices[0]!.id, await signIn(base, DEMO_ADMIN)],
  [practices[1]!.id, await signIn(base, DEMO_VET_ADMIN)],
]);
const gets = (list: Variant[], path = '/api/analytics') =>
  list.map((v) => ({
    path: `${path}?${new URLSearchParams(v.filter as Record<string, string>).toString()}`,
    headers: { authorization: `Bearer ${sessions.get(v.practice.id)}` },
  }));

// A first answer of each kind, so every route has run once before it is measured.
for (const get of [...gets(ninety.slice(0, 4)), ...gets(twoYears.slice(0, 2))]) {
  const response = await fetch(`${base}${get.path}`, { headers: get.headers });
  if (response.status !== 200)
    throw new Error(`${get.path} answered ${response.status}: ${await response.text()}`);
}

// The same 400 (and 40 two-year) requests bare and through the app, with 1, 4 and 10 clients at once.
const rows: [string, LoadResult][] = [];
const ratios: string[] = [];
for (const clients of CLIENT_COUNTS) {
  const bare90 = await bare(ninety, clients);
  const app90 = await loadGets(base, gets(ninety), clients);
  rows.push(
    [`bare SQL, 90 days, ${clients} at once`, bare90],
    [`GET /api/analytics, 90 days, ${clients} at once`, app90],
  );
  ratios.push(
    `90 days, ${clients} at once: app p99 ${app90.p99} ms = ${(app90.p99 / bare90.p99).toFixed(2)}× bare ` +
      `(targets ≤ 2×, ≤ 300 ms)`,
  );
}
const bare2y = await bare(twoYears, 4);
const app2y = await loadGets(base, gets(twoYears), 4);
rows.push(['bare SQL, two years, 4 at once', bare2y], ['GET /api/analytics, two years, 4 at once', app2y]);
ratios.push(`two years, 4 at once: app p99 ${app2y.p99} ms = ${(app2y.p99 / bare2y.p99).toFixed(2)}× bare`);
console.log(
  `\n${DURATION_SECONDS} s each, pool of ${POOL_SIZE}; 400 different 90-day requests, 40 two-year ones`,
);
console.log('| what | requests/s | p50 ms | p99 ms | errors |');
console.log('| --- | --- | --- | --- | --- |');
for (const [name, r] of rows)
  console.log(`| ${name} | ${r.requestsPerSecond} | ${r.p50} | ${r.p99} | ${r.non2xx} |`);
for (const line of ratios) console.log(line);

// The CSV export, one client: a 90-day range's calls (about 12,000 rows).
const exportTimes: number[] = [];
for (const get of gets(
  ninety.filter((v) => !v.filter.assistantId && !v.filter.phoneNumberId).slice(0, 10),
  '/api/analytics/export',
)) {
  const started = performance.now();
  const response = await fetch(`${base}${get.path}`, { headers: get.headers });
  const body = await response.text();
  exportTimes.push(performance.now() - started);
  if (response.status !== 200 || body.split('\r\n').length < 1000)
    throw new Error(`export answered ${response.status}`);
}
exportTimes.sort((a, b) => a - b);
console.log(
  `GET /api/analytics/export, 90 days, one at a time (10 ranges): median ${Math.round(exportTimes[5]!)} ms, ` +
    `slowest ${Math.round(exportTimes[9]!)} ms`,
);

await app.close();
await database.dispose();
