import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inject } from 'vitest';

/**
 * Issue 22: a database made by the release before practices (migrations up to 0017), with a row in every
 * table, moves into the first practice without loss when the later migrations run.
 */

const DRIZZLE = new URL('../../../drizzle/', import.meta.url);
const journal = JSON.parse(readFileSync(new URL('meta/_journal.json', DRIZZLE), 'utf8')) as {
  entries: { idx: number; tag: string }[];
};
const LAST_SINGLE_PRACTICE = 17;
const statementsOf = (tag: string) =>
  readFileSync(new URL(`${tag}.sql`, DRIZZLE), 'utf8')
    .split('--> statement-breakpoint')
    .filter((statement) => statement.trim());

async function apply(client: pg.Client, entries: { tag: string }[]) {
  for (const entry of entries) for (const statement of statementsOf(entry.tag)) await client.query(statement);
}

const ids = {
  user: '11111111-1111-4111-8111-111111111111',
  connector: '22222222-2222-4222-8222-222222222222',
  assistant: '33333333-3333-4333-8333-333333333333',
  number: '44444444-4444-4444-8444-444444444444',
  provider: '55555555-5555-4555-8555-555555555555',
  operatory: '66666666-6666-4666-8666-666666666666',
  patient: '77777777-7777-4777-8777-777777777777',
  call: '88888888-8888-4888-8888-888888888888',
};

/** One row in every table of release 0017 (appointment_types and practice_settings come with the migrations). */
const PREVIOUS_RELEASE_DATA = `
  update practice_settings set time_zone = 'America/Chicago';
  insert into users (id, name, email, username, password_hash, role) values
    ('${ids.user}', 'Ann Admin', 'ann@example.com', 'ann', 'x', 'admin');
  insert into user_permissions (user_id, can_call_logs) values ('${ids.user}', true);
  insert into connectors (id, name, consumer_id, connector_id) values ('${ids.connector}', 'Main', 'c', 'sandbox');
  insert into user_connectors (user_id, connector_id) values ('${ids.user}', '${ids.connector}');
  insert into assistants (id, name, voice, model, transcriber, start_speaking_plan, stop_speaking_plan,
                          client_messages, server_messages)
    values ('${ids.assistant}', 'Front desk', '{}', '{}', '{}', '{}', '{}', '[]', '[]');
  insert into user_assistants (user_id, assistant_id) values ('${ids.user}', '${ids.assistant}');
  insert into phone_numbers (id, name, number, assistant_id) values
    ('${ids.number}', 'Main line', '+12025550100', '${ids.assistant}');
  insert into user_phone_numbers (user_id, phone_number_id) values ('${ids.user}', '${ids.number}');
  insert into workflows (name) values ('Intake');
  insert into sessions (id_hash, user_id, expires_at) values ('h', '${ids.user}', now() + interval '1 hour');
  insert into login_attempts (email, client_address, succeeded) values ('ann@example.com', '127.0.0.1', true);
  insert into audit_events (action, outcome) values ('auth.login', 'allowed');
  insert into demo_requests (name, email, mobile, solution, kind, client_address_hash)
    values ('Bo', 'bo@example.com', '2025550101', 'dental-practices', 'demo', 'hash');
  insert into providers (id, name, display_name, kind) values ('${ids.provider}', 'Kim', 'Dr. Kim', 'dentist');
  insert into provider_working_hours (provider_id, weekday, start_minute, end_minute)
    values ('${ids.provider}', 1, 540, 1020);
  insert into operatories (id, name, display_name) values ('${ids.operatory}', 'op1', 'Room 1');
  insert into patients (id, given_name, family_name, phone) values ('${ids.patient}', 'Cy', 'Doe', '+12025550102');
  insert into appointments (patient_id, provider_id, operatory_id, starts_at, ends_at, confirmation_number)
    values ('${ids.patient}', '${ids.provider}', '${ids.operatory}', '2026-03-02T15:00Z', '2026-03-02T15:30Z', 'ABC123');
  insert into phone_mappings (phone_number, connector_id) values ('+12025550100', 'sandbox');
  insert into idempotency_keys (key, fingerprint) values ('k1', 'f');
  insert into pending_appointment_requests (request_number, connector_id, appointment_type, wall_start,
                                            provider_id, patient)
    values ('REQ123', 'sandbox', 'cleaning', '2026-03-02T10:00:00', 'first_available', '{}');
  insert into calls (id, provider_id, status, type, phone_number_id, assistant_id)
    values ('${ids.call}', 'vapi-1', 'ended', 'inboundPhoneCall', '${ids.number}', '${ids.assistant}');
  insert into call_processing (call_id, state) values ('${ids.call}', 'needs_callback');
  insert into callbacks (call_id, due_at) values ('${ids.call}', now());
  insert into outbound_calls (patient_id, patient_name, phone_number, call_type, assistant_id, phone_number_id,
                              campaign_key)
    values ('${ids.patient}', 'Cy', '+12025550102', 'reminder', '${ids.assistant}', '${ids.number}', 'campaign:x');
  insert into sandbox_outbound_placements (placement_key, call_id, request) values ('p1', 'c1', '{"number":"+1"}');
  insert into outbound_settings (id, settings) values (1, '{}');
  insert into call_transfer_settings (id, phone_number, days, start_time, end_time)
    values (1, '+12025550103', '{mon}', '09:00', '17:00');
`;

let client: pg.Client;
let name: string;
const base = () => inject('databaseUrl');

beforeAll(async () => {
  name = `servc_t_${inject('templateDatabase').split('_').pop()}_mig${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base());
  url.pathname = `/${name}`;
  client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
});

afterAll(async () => {
  await client.end();
  const admin = new pg.Client({ connectionString: base() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

const tablesWithCounts = async () => {
  const tables = await client.query<{ table_name: string }>(
    `select table_name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    const result = await client.query<{ n: string }>(`select count(*) as n from "${table_name}"`);
    counts[table_name] = Number(result.rows[0]!.n);
  }
  return counts;
};

it('moves a single-practice database into the first practice, every row kept', async () => {
  await apply(
    client,
    journal.entries.filter((entry) => entry.idx <= LAST_SINGLE_PRACTICE),
  );
  await client.query(PREVIOUS_RELEASE_DATA);
  const before = await tablesWithCounts();
  // The fixture holds a row in every table of that release: a table added since would be caught here.
  expect(Object.entries(before).filter(([, count]) => count === 0)).toEqual([]);

  await apply(
    client,
    journal.entries.filter((entry) => entry.idx > LAST_SINGLE_PRACTICE),
  );

  const after = await tablesWithCounts();
  const { practice_settings: _gone, ...kept } = before;
  for (const [table, count] of Object.entries(kept))
    expect({ table, count: after[table] }).toEqual({ table, count });
  const practices = await client.query<{ id: string; time_zone: string; status: string }>(
    'select id, time_zone, status from practices',
  );
  expect(practices.rows).toHaveLength(1);
  const [practice] = practices.rows;
  expect(practice).toMatchObject({ time_zone: 'America/Chicago', status: 'active' });

  const owned = await client.query<{ table_name: string }>(
    `select table_name from information_schema.columns
     where table_schema = 'public' and column_name = 'practice_id' and table_name <> 'audit_events'`,
  );
  expect(owned.rows.length).toBeGreaterThan(20);
  for (const { table_name } of owned.rows) {
    const stray = await client.query(
      `select 1 from "${table_name}" where practice_id is distinct from $1 limit 1`,
      [practice!.id],
    );
    expect({ table_name, stray: stray.rowCount }).toEqual({ table_name, stray: 0 });
  }
  const settings = await client.query('select practice_id from outbound_settings');
  expect(settings.rows).toEqual([{ practice_id: practice!.id }]);
});
