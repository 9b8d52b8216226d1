// PostgreSQL row-level security as a second wall between practices (issue 22, ADR 050): what it costs on the
// Call Logs list and on a booking. SQL level, no HTTP: each statement as the app sends it, timed one client at a
// time (latency) and with 8 clients at once (throughput), in four setups:
//   superuser      today: the embedded database's superuser (RLS never applies to it), the practice in the WHERE
//   role, no RLS   a plain role, the same statements wrapped as RLS needs them: BEGIN; set_config(…, true); …; COMMIT
//   role + RLS     the same, with RLS enabled and a policy practice_id = current_setting('app.practice_id')::uuid
//   policy only    role + RLS with the setting made once per connection (no transaction): the policy's own cost
// Run with `npm run bench -- rls`.
import pg from 'pg';
import { percentiles } from './latency.mjs';
import { benchDatabase } from './lib';

const CALLS_PER_PRACTICE = 50_000;
const LIST_RUNS = 1_000;
const BOOKING_RUNS = 200;
const CLIENTS = 8;
const THROUGHPUT_MS = 3_000;
/** The machine is shared: every setup is measured once per round, in a rotating order, and medians are shown. */
const ROUNDS = 3;
const EXPLAIN_RUNS = 300;

const database = await benchDatabase(4);
const su = database.db.$client;
const url = new URL(database.url);

// ---- two practices with calls, a role without superuser or BYPASSRLS ----
const first = (await su.query<{ id: string }>('select id from practices order by created_at limit 1'))
  .rows[0]!.id;
const second = (
  await su.query<{ id: string }>(
    `insert into practices (name, practice_type, time_zone) values ('Second', 'veterinary-clinics', 'America/Chicago')
     returning id`,
  )
).rows[0]!.id;
for (const practice of [first, second]) {
  await su.query(
    `insert into calls (practice_id, provider_id, type, status, customer_name, customer_number, created_at, started_at)
     select $1::uuid, 'rls-' || $1::text || '-' || i, 'inboundPhoneCall', 'ended', 'Caller ' || i, '+1212555' || lpad((i % 10000)::text, 4, '0'),
            now() - make_interval(mins => i), now() - make_interval(mins => i)
     from generate_series(1, $2) as i`,
    [practice, CALLS_PER_PRACTICE],
  );
}
await su.query('vacuum analyze');
await su.query(`create role servc_app login password 'servc_app' nosuperuser nobypassrls`);
await su.query(`grant usage on schema public to servc_app`);
await su.query(`grant select, insert, update, delete on all tables in schema public to servc_app`);
url.username = 'servc_app';
url.password = 'servc_app';
const role = new pg.Pool({ connectionString: url.toString(), max: CLIENTS });
role.on('error', () => undefined);
su.on('error', () => undefined);

const RLS_TABLES = [
  'calls',
  'phone_numbers',
  'assistants',
  'appointments',
  'idempotency_keys',
  'patients',
  'providers',
];
async function setRls(on: boolean) {
  for (const table of RLS_TABLES) {
    if (on) {
      await su.query(`alter table ${table} enable row level security`);
      await su.query(`create policy practice_isolation on ${table}
        using (practice_id = current_setting('app.practice_id', true)::uuid)`);
    } else {
      await su.query(`drop policy if exists practice_isolation on ${table}`);
      await su.query(`alter table ${table} disable row level security`);
    }
  }
}

// ---- the statements ----
// The Call Logs first page as calls.repo.ts builds it (keyset page of ids, then the joins), bounded by practice.
const LIST = `select c.id, c.status, c.type, c.started_at, c.ended_at, c.ended_reason, c.cost, c.customer_name,
    c.customer_number, p.id as number_id, p.number, a.id as assistant_id, a.name as assistant_name, c.created_at
  from (select id from calls where practice_id = $1 order by created_at desc, id desc limit 51) page
  join calls c on c.id = page.id
  left join phone_numbers p on p.id = c.phone_number_id
  left join assistants a on a.id = c.assistant_id
  order by c.created_at desc, c.id desc`;

const provider = (
  await su.query<{ id: string }>('select id from providers where practice_id = $1 limit 1', [first])
).rows[0]!.id;
const patient = (
  await su.query<{ id: string }>('select id from patients where practice_id = $1 limit 1', [first])
).rows[0]!.id;
let slot = 0;
/** A booking as schedule.service does it: the day's turn, the idempotency claim, the overlap read, the insert, the result. */
async function booking(client: pg.ClientBase) {
  const n = slot++;
  const startsAt = new Date(Date.UTC(2040, 0, 1) + n * 3_600_000);
  const endsAt = new Date(startsAt.getTime() + 1_800_000);
  const key = `rls-bench-${n}`;
  await client.query('select pg_advisory_xact_lock(727005, $1)', [n % 365]);
  await client.query(
    `insert into idempotency_keys (practice_id, key, fingerprint) values ($1, $2, 'f') on conflict do nothing returning key`,
    [first, key],
  );
  await client.query(
    `select id from appointments where practice_id = $1 and provider_id = $2 and starts_at < $4 and ends_at > $3`,
    [first, provider, startsAt, endsAt],
  );
  const inserted = await client.query<{ id: string }>(
    `insert into appointments (practice_id, patient_id, provider_id, starts_at, ends_at, confirmation_number)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [first, patient, provider, startsAt, endsAt, `B${n}`],
  );
  await client.query(`update idempotency_keys set result = $3 where practice_id = $1 and key = $2`, [
    first,
    key,
    JSON.stringify({ id: inserted.rows[0]!.id }),
  ]);
}

type Work = (client: pg.ClientBase) => Promise<unknown>;
const list: Work = (client) => client.query(LIST, [first]);

/** How a request runs its work in each setup. */
const setups: Record<
  string,
  { pool: pg.Pool; rls: boolean; run(client: pg.ClientBase, work: Work, tx: boolean): Promise<void> }
> = {
  superuser: {
    pool: su,
    rls: false,
    async run(client, work, tx) {
      if (tx) await client.query('begin');
      await work(client);
      if (tx) await client.query('commit');
    },
  },
  'role, no RLS': {
    pool: role,
    rls: false,
    async run(client, work) {
      await client.query('begin');
      await client.query(`select set_config('app.practice_id', $1, true)`, [first]);
      await work(client);
      await client.query('commit');
    },
  },
  'role + RLS': {
    pool: role,
    rls: true,
    async run(client, work) {
      await client.query('begin');
      await client.query(`select set_config('app.practice_id', $1, true)`, [first]);
      await work(client);
      await client.query('commit');
    },
  },
  'policy only': {
    pool: role,
    rls: true,
    async run(client, work, tx) {
      await client.query(`select set_config('app.practice_id', $1, false)`, [first]);
      if (tx) await client.query('begin');
      await work(client);
      if (tx) await client.query('commit');
    },
  },
};

const ms = (value: number) => value.toFixed(2);

async function measure(name: string, work: Work, runs: number, tx: boolean) {
  const setup = setups[name]!;
  const client = await setup.pool.connect();
  const times: number[] = [];
  try {
    for (let i = 0; i < runs / 10; i++) await setup.run(client, work, tx); // warm-up
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await setup.run(client, work, tx);
      times.push(performance.now() - started);
    }
  } finally {
    client.release();
  }
  let done = 0;
  const stopAt = performance.now() + THROUGHPUT_MS;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const c = await setup.pool.connect();
      try {
        while (performance.now() < stopAt) {
          await setup.run(c, work, tx);
          done++;
        }
      } finally {
        c.release();
      }
    }),
  );
  return {
    ...percentiles(times),
    perSecond: done / (THROUGHPUT_MS / 1000),
  };
}

// The policy really is a wall: as the role with RLS on, the other practice's calls are not there even unasked.
await setRls(true);
{
  const client = await role.connect();
  await client.query('begin');
  await client.query(`select set_config('app.practice_id', $1, true)`, [first]);
  const seen = await client.query<{ n: number }>(
    'select count(*)::int as n from calls where practice_id = $1',
    [second],
  );
  const unset = await role.query<{ n: number }>('select count(*)::int as n from calls');
  await client.query('commit');
  client.release();
  console.log(
    `as the role with RLS: other practice's calls visible ${seen.rows[0]!.n}, with no practice set ${unset.rows[0]!.n}`,
  );
}
await setRls(false);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const names = Object.keys(setups);
const results = new Map<string, Awaited<ReturnType<typeof measure>>[][]>(names.map((name) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const name of [...names.slice(round % names.length), ...names.slice(0, round % names.length)]) {
    await setRls(setups[name]!.rls);
    results
      .get(name)!
      .push([await measure(name, list, LIST_RUNS, false), await measure(name, booking, BOOKING_RUNS, true)]);
    await setRls(false);
  }
}

/** The list's execution time inside PostgreSQL (no round trips), as the role, with and without the policy. */
async function executionMs(rls: boolean): Promise<number> {
  await setRls(rls);
  const client = await role.connect();
  const times: number[] = [];
  try {
    await client.query('begin');
    await client.query(`select set_config('app.practice_id', $1, true)`, [first]);
    for (let i = 0; i < EXPLAIN_RUNS; i++) {
      const explained = await client.query<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(
        `explain (analyze, format json) ${LIST}`,
        [first],
      );
      times.push(explained.rows[0]!['QUERY PLAN'][0]['Execution Time']);
    }
    await client.query('commit');
  } finally {
    client.release();
    await setRls(false);
  }
  return median(times);
}
const plain = await executionMs(false);
const policed = await executionMs(true);

console.log(
  `calls: ${CALLS_PER_PRACTICE} per practice, 2 practices; per round and setup ${LIST_RUNS} lists and ${BOOKING_RUNS} bookings one at a time, then ${CLIENTS} clients for ${THROUGHPUT_MS / 1000} s each; medians of ${ROUNDS} rounds`,
);
console.log(
  '| setup | list p50 ms | list p99 ms | lists/s (8 clients) | booking p50 ms | booking p99 ms | bookings/s (8 clients) |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const name of names) {
  const runs = results.get(name)!;
  const of = (i: 0 | 1, key: 'p50' | 'p99' | 'perSecond') => median(runs.map((r) => r[i]![key]));
  console.log(
    `| ${name} | ${ms(of(0, 'p50'))} | ${ms(of(0, 'p99'))} | ${Math.round(of(0, 'perSecond'))} | ${ms(of(1, 'p50'))} | ${ms(of(1, 'p99'))} | ${Math.round(of(1, 'perSecond'))} |`,
  );
}
console.log(
  `Call Logs list, execution inside PostgreSQL (median of ${EXPLAIN_RUNS}): ${plain.toFixed(3)} ms without RLS, ${policed.toFixed(3)} ms with`,
);
await role.end();
await database.dispose();
