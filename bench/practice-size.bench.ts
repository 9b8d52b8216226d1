// What one practice weighs in the database (ADR 049): rows per table for the seeded demo practice, and the
// average stored size of a row (heap tuple, TOAST included, compressed as stored) of the tables that grow with
// use, so a practice-year can be projected from its call and booking volume. No load; prints a table.
// Run with `npm run bench -- practice-size`.
import { benchDatabase } from './lib';

const database = await benchDatabase(2);
const pool = database.db.$client;
await pool.query('vacuum analyze');

const tables = (
  await pool.query<{ table_name: string }>(
    `select table_name from information_schema.columns
     where table_schema = 'public' and column_name = 'practice_id' order by table_name`,
  )
).rows.map((row) => row.table_name);

console.log('| table | rows (demo practice) | avg row bytes | indexes | total kB |');
console.log('| --- | --- | --- | --- | --- |');
for (const table of tables) {
  const [stats] = (
    await pool.query<{ n: number; bytes: number | null; indexes: number; kb: number }>(
      `select count(*)::int as n, round(avg(pg_column_size(t.*)))::int as bytes,
        (select count(*)::int from pg_indexes where tablename = $1) as indexes,
        (pg_total_relation_size($1::regclass) / 1024)::int as kb
       from ${table} t`,
      [table],
    )
  ).rows;
  console.log(`| ${table} | ${stats!.n} | ${stats!.bytes ?? '–'} | ${stats!.indexes} | ${stats!.kb} |`);
}
// At volume, with every index: 20,000 audit entries shaped like a PHI read (the calendar's poll) and 20,000
// calls copied from the seeded ones (transcripts, analysis, costs), so bytes per row include index entries.
const COPIES = 20_000;
const practice = (await pool.query<{ id: string }>('select id from practices limit 1')).rows[0]!.id;
const admin = (
  await pool.query<{ id: string }>('select id from users where practice_id = $1 limit 1', [practice])
).rows[0]!.id;
await pool.query(
  `insert into audit_events (practice_id, actor_user_id, actor_role, action, resource_type, outcome, route,
     detail, client_address, user_agent, request_id, at)
   select $1, $2, 'admin', 'patient_data.read', 'patient_data', 'allowed', 'GET /api/appointments',
     'start=2026-11-23&end=2026-11-30', '203.0.113.' || (i % 250), 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
     gen_random_uuid()::text, now() - make_interval(secs => i * 10)
   from generate_series(1, $3) as i`,
  [practice, admin, COPIES],
);
const callColumns = (
  await pool.query<{ column_name: string }>(
    `select column_name from information_schema.columns where table_name = 'calls'
     and column_name not in ('id', 'provider_id', 'created_at') and is_generated = 'NEVER' order by ordinal_position`,
  )
).rows.map((row) => row.column_name);
await pool.query(
  `insert into calls (provider_id, created_at, ${callColumns.join(', ')})
   select 'copy-' || i || '-' || c.provider_id, now() - make_interval(secs => i * 60), ${callColumns.map((c) => `c.${c}`).join(', ')}
   from generate_series(1, $1 / (select count(*) from calls)) as i cross join calls c`,
  [COPIES],
);
await pool.query('vacuum analyze audit_events, calls');
console.log('\n| table at volume | rows | bytes per row, indexes included |');
console.log('| --- | --- | --- |');
for (const table of ['audit_events', 'calls']) {
  const [row] = (
    await pool.query<{ n: number; per: number }>(
      `select count(*)::int as n, (pg_total_relation_size($1::regclass) / count(*))::int as per from ${table}`,
      [table],
    )
  ).rows;
  console.log(`| ${table} | ${row!.n} | ${row!.per} |`);
}
const [size] = (
  await pool.query<{ mb: number }>(
    `select (pg_database_size(current_database()) / 1048576.0)::numeric(10,1) as mb`,
  )
).rows;
console.log(`database size after migrations and the demo seed: ${size!.mb} MB`);
const [settings] = (
  await pool.query<{ max_connections: string; shared_buffers: string }>(
    `select current_setting('max_connections') as max_connections, current_setting('shared_buffers') as shared_buffers`,
  )
).rows;
console.log(
  `embedded PostgreSQL: max_connections ${settings!.max_connections}, shared_buffers ${settings!.shared_buffers}`,
);
await database.dispose();
