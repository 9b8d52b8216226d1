import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';

/**
 * Issue 25: a database of the release before visits (migrations up to 0024) whose appointment ledger already
 * holds bookings and changes gets a visit row for each when 0025 runs: source (a call's refined by the outbound
 * call behind it), the call's assistant and number, latest start, first confirmation, a cancellation's outcome.
 */

const DRIZZLE = new URL('../../../drizzle/', import.meta.url);
const journal = JSON.parse(readFileSync(new URL('meta/_journal.json', DRIZZLE), 'utf8')) as {
  entries: { idx: number; tag: string }[];
};
const BACKFILL = journal.entries.find((entry) => entry.tag.endsWith('visits-from-ledger'))!.idx;
const statementsOf = (tag: string) =>
  readFileSync(new URL(`${tag}.sql`, DRIZZLE), 'utf8')
    .split('--> statement-breakpoint')
    .filter((statement) => statement.trim());

async function apply(client: pg.Client, entries: { tag: string }[]) {
  for (const entry of entries) for (const statement of statementsOf(entry.tag)) await client.query(statement);
}

let client: pg.Client;
let name: string;
const base = () => inject('databaseUrl');

beforeAll(async () => {
  name = `servc_t_${inject('templateDatabase').split('_').pop()}_vis${randomBytes(3).toString('hex')}`;
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

it('fills a visit row for each appointment the ledger names, with what the ledger knows of it', async () => {
  await apply(
    client,
    journal.entries.filter((entry) => entry.idx < BACKFILL),
  );
  const practice = (
    await client.query<{ id: string }>(
      `insert into practices (name, practice_type) values ('Old', 'dental-practices') returning id`,
    )
  ).rows[0]!.id;
  const number = (
    await client.query<{ id: string }>(
      `insert into phone_numbers (practice_id, name, number) values ($1, 'Main', '+12025550100') returning id`,
      [practice],
    )
  ).rows[0]!.id;
  await client.query(
    `insert into calls (practice_id, provider_id, status, type, phone_number_id)
     values ($1, 'in-1', 'ended', 'inboundPhoneCall', $2)`,
    [practice, number],
  );
  await client.query(
    `insert into outbound_calls (practice_id, patient_id, patient_name, phone_number, call_type, assistant_id,
                                 phone_number_id, vapi_call_id)
     values ($1, 'p', 'Pat', '+12025550101', 'reminder', gen_random_uuid(), $2, 'out-1'),
            ($1, 'p', 'Pat', '+12025550101', 'recall', gen_random_uuid(), $2, 'out-2')`,
    [practice, number],
  );
  await client.query(
    `insert into appointment_changes (practice_id, appointment_ref, change, channel, provider_call_id, from_start,
                                      to_start, late, at)
     values ($1, 'A', 'created', 'call', 'in-1', null, '2026-03-10T15:00Z', false, '2026-03-01T10:00Z'),
            ($1, 'A', 'confirmed', 'text', null, null, '2026-03-10T15:00Z', false, '2026-03-05T10:00Z'),
            ($1, 'A', 'confirmed', 'call', null, null, '2026-03-10T15:00Z', false, '2026-03-06T10:00Z'),
            ($1, 'A', 'rescheduled', 'call', null, '2026-03-10T15:00Z', '2026-03-12T15:00Z', false, '2026-03-07T10:00Z'),
            ($1, 'B', 'created', 'call', 'out-1', null, '2026-03-11T15:00Z', false, '2026-03-02T10:00Z'),
            ($1, 'C', 'created', 'call', 'out-2', null, '2026-03-11T16:00Z', false, '2026-03-02T11:00Z'),
            ($1, 'C', 'cancelled', 'staff', null, '2026-03-11T16:00Z', null, true, '2026-03-11T09:00Z'),
            ($1, 'D', 'confirmed', 'call', 'out-1', null, '2026-03-20T15:00Z', false, '2026-03-19T10:00Z')`,
    [practice],
  );

  await apply(
    client,
    journal.entries.filter((entry) => entry.idx >= BACKFILL),
  );

  const rows = await client.query(
    `select appointment_ref as ref, source, call_id is not null as call, phone_number_id = $2 as on_number,
            to_char(starts_at at time zone 'UTC', 'MM-DD HH24') as starts, to_char(confirmed_at at time zone 'UTC', 'MM-DD') as confirmed,
            outcome, late, outcome_origin as origin, booked_at is not null as booked
     from visits where practice_id = $1 order by appointment_ref`,
    [practice, number],
  );
  expect(rows.rows).toEqual([
    {
      ref: 'A',
      source: 'call',
      call: true,
      on_number: true,
      starts: '03-12 15',
      confirmed: '03-05',
      outcome: null,
      late: false,
      origin: null,
      booked: true,
    },
    {
      ref: 'B',
      source: 'outbound',
      call: false,
      on_number: null,
      starts: '03-11 15',
      confirmed: null,
      outcome: null,
      late: false,
      origin: null,
      booked: true,
    },
    {
      ref: 'C',
      source: 'recall',
      call: false,
      on_number: null,
      starts: '03-11 16',
      confirmed: null,
      outcome: 'cancelled',
      late: true,
      origin: 'change',
      booked: true,
    },
    {
      ref: 'D',
      source: null,
      call: false,
      on_number: null,
      starts: '03-20 15',
      confirmed: '03-19',
      outcome: null,
      late: false,
      origin: null,
      booked: false,
    },
  ]);
});
