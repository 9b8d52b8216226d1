import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecallListResponseSchema } from '#shared/schemas/recall';
import { verifyPassword } from '../../lib/passwords';
import { addMinutesToWall, addMonthsToDate, wallFromInstant } from '../../lib/wall-time';
import { parseResponse } from '../../test/parse-response';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { users } from '../schema/index';
import { ensureAdmin, ensureOperator } from './bootstrap-admin';
import { DEMO_LOGIN_EMAILS, demoLoginsIn } from './demo-logins';
import {
  DEMO_ADMIN,
  DEMO_CALL_COUNT,
  DEMO_OPERATOR,
  DEMO_PRACTICE_NAME,
  DEMO_VET_ADMIN,
  DEMO_VET_FRONT_DESK,
  DEMO_VET_CALL_COUNT,
  DEMO_VET_PRACTICE_NAME,
  seedDemoPractice,
} from './demo-practice';
import { PAWS_CLAWS_OUTBOUND, PAWS_CLAWS_SCHEDULE } from './paws-claws';
import { DEMO_OUTBOUND } from './voice-data';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const count = async (table: string, where = 'true') =>
  (await t.database.pool.query<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`))
    .rows[0]!.n;

const practiceNamed = async (name: string) =>
  (await t.database.pool.query<{ id: string }>(`select id from practices where name = $1`, [name])).rows[0]!
    .id;

/** Every table with a practice_id column. */
const practiceTables = async () =>
  (
    await t.database.pool.query<{ table_name: string }>(`
      select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'practice_id' order by table_name`)
  ).rows.map((row) => row.table_name);

describe('the demo practice seed', () => {
  it('seeds an empty database once and is a no-op after that', async () => {
    expect(await seedDemoPractice(t.database.db)).toBe(true);
    const before = { users: await count('users'), calls: await count('calls') };
    expect(await seedDemoPractice(t.database.db)).toBe(false);
    expect({ users: await count('users'), calls: await count('calls') }).toEqual(before);
  });

  it('holds realistic voice data', async () => {
    expect(await count('assistants')).toBeGreaterThanOrEqual(3);
    expect(await count('workflows')).toBeGreaterThanOrEqual(2);
    expect(await count('phone_numbers')).toBeGreaterThanOrEqual(3);
    expect(await count('calls')).toBe(DEMO_CALL_COUNT + DEMO_VET_CALL_COUNT);
    const { rows } = await t.database.pool.query<{
      types: number;
      statuses: number;
      reasons: number;
      oldest_days: number;
    }>(`
      select count(distinct type)::int as types, count(distinct status)::int as statuses,
             count(distinct ended_reason)::int as reasons,
             extract(day from now() - min(created_at))::int as oldest_days
      from calls`);
    expect(rows[0]!.types).toBeGreaterThanOrEqual(2);
    expect(rows[0]!.statuses).toBeGreaterThanOrEqual(2);
    expect(rows[0]!.reasons).toBeGreaterThanOrEqual(4);
    expect(rows[0]!.oldest_days).toBeLessThanOrEqual(30);
    const transcript = await t.database.pool.query<{ transcript: string }>(
      `select transcript from calls where transcript is not null limit 1`,
    );
    expect(transcript.rows[0]!.transcript.split('\n').every((line) => /^(AI|User): /.test(line))).toBe(true);
  });

  it('sets up the reminder and confirmation calls with the outbound assistant and number', async () => {
    const { rows } = await t.database.pool.query<{ type: string; assistant: string; number: string }>(`
      select t.key as type, a.name as assistant, p.name as number
      from outbound_settings s cross join lateral jsonb_each(s.settings->'callTypes') t
      left join assistants a on a.id = (t.value->>'assistantId')::uuid and a.practice_id = s.practice_id
      left join phone_numbers p on p.id = (t.value->>'phoneNumberId')::uuid and p.practice_id = s.practice_id
      where (t.value->>'automatic')::boolean
      order by t.key, a.name`);
    expect(rows).toEqual([
      { type: 'confirmation', assistant: DEMO_OUTBOUND.assistant, number: DEMO_OUTBOUND.phoneNumber },
      {
        type: 'confirmation',
        assistant: PAWS_CLAWS_OUTBOUND.assistant,
        number: PAWS_CLAWS_OUTBOUND.phoneNumber,
      },
      { type: 'reminder', assistant: DEMO_OUTBOUND.assistant, number: DEMO_OUTBOUND.phoneNumber },
      { type: 'reminder', assistant: PAWS_CLAWS_OUTBOUND.assistant, number: PAWS_CLAWS_OUTBOUND.phoneNumber },
    ]);
  });

  it('holds the two demo practices, each with its own rows in every practice table', async () => {
    const bright = await practiceNamed(DEMO_PRACTICE_NAME);
    const vet = await practiceNamed(DEMO_VET_PRACTICE_NAME);
    const { rows: practices } = await t.database.pool.query(
      `select name, practice_type, time_zone, status, id = (select id from practices order by created_at, id limit 1) as first from practices order by name`,
    );
    // The migration's practice became Bright Smile Dental, so the data it moved stays there.
    expect(practices).toEqual([
      {
        name: DEMO_PRACTICE_NAME,
        practice_type: 'dental-practices',
        time_zone: 'America/New_York',
        status: 'active',
        first: true,
      },
      {
        name: DEMO_VET_PRACTICE_NAME,
        practice_type: 'veterinary-clinics',
        time_zone: 'America/Chicago',
        status: 'active',
        first: false,
      },
    ]);
    const actual: Record<string, { bright: number; vet: number; none: number }> = {};
    for (const table of await practiceTables()) {
      actual[table] = {
        bright: await count(table, `practice_id = '${bright}'`),
        vet: await count(table, `practice_id = '${vet}'`),
        none: await count(table, `practice_id is null or practice_id not in ('${bright}', '${vet}')`),
      };
    }
    const rows = (b: number, v: number, none = 0) => ({ bright: b, vet: v, none });
    const seeded: Record<string, ReturnType<typeof rows>> = {
      // The operator belongs to no practice.
      users: rows(2, 2, 1),
      user_permissions: rows(2, 2),
      user_phone_numbers: rows(1, 1),
      user_connectors: rows(1, 1),
      user_assistants: rows(1, 1),
      connectors: rows(1, 1),
      assistants: rows(3, 2),
      workflows: rows(2, 1),
      phone_numbers: rows(3, 2),
      calls: rows(DEMO_CALL_COUNT, DEMO_VET_CALL_COUNT),
      outbound_settings: rows(1, 1),
      call_transfer_settings: rows(1, 1),
      providers: rows(4, 3),
      operatories: rows(4, 3),
      provider_working_hours: rows(4 * 5 * 2, 3 * (5 * 2 + 1)),
      patients: rows(80, PAWS_CLAWS_SCHEDULE.patientCount),
      appointments: actual.appointments!,
    };
    expect(actual).toEqual(
      Object.fromEntries(Object.keys(actual).map((table) => [table, seeded[table] ?? rows(0, 0)])),
    );
    expect(actual.appointments!.vet).toBeGreaterThan(PAWS_CLAWS_SCHEDULE.appointmentTarget * 0.9);
    expect(actual.appointments!.bright).toBeGreaterThan(135);
    expect(actual.appointments!.none).toBe(0);
  });

  it('keeps every reference between practice tables inside one practice', async () => {
    const { rows: references } = await t.database.pool.query<{
      child: string;
      col: string;
      parent: string;
      key: string;
    }>(`
      select c.conrelid::regclass::text as child, a.attname as col, c.confrelid::regclass::text as parent,
             pa.attname as key
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
      where c.contype = 'f' and cardinality(c.conkey) = 1 and a.attname <> 'practice_id'
        and exists (select 1 from pg_attribute x where x.attrelid = c.conrelid and x.attname = 'practice_id')
        and exists (select 1 from pg_attribute x where x.attrelid = c.confrelid and x.attname = 'practice_id')`);
    const crossing: Record<string, number> = {};
    for (const r of references) {
      const { rows } = await t.database.pool.query<{ n: number }>(
        `select count(*)::int as n from ${r.child} c join ${r.parent} p on p.${r.key} = c.${r.col}
         where c.practice_id is distinct from p.practice_id`,
      );
      crossing[`${r.child}.${r.col}`] = rows[0]!.n;
    }
    expect(Object.keys(crossing)).toEqual(
      expect.arrayContaining([
        'calls.phone_number_id',
        'calls.assistant_id',
        'appointments.patient_id',
        'appointments.provider_id',
        'provider_working_hours.provider_id',
        'user_permissions.user_id',
        'user_assistants.assistant_id',
      ]),
    );
    expect(
      Object.values(crossing).every((n) => n === 0),
      JSON.stringify(crossing),
    ).toBe(true);
  });

  it('schedules each practice in its own time zone and hours', async () => {
    const outsideHours = async (name: string, timeZone: string) => {
      const { rows } = await t.database.pool.query<{ outside: number; total: number }>(
        `select count(*) filter (where not exists (
                  select 1 from provider_working_hours h
                  where h.provider_id = a.provider_id
                    and h.weekday = extract(dow from a.starts_at at time zone $2)
                    and extract(hour from a.starts_at at time zone $2) * 60
                        + extract(minute from a.starts_at at time zone $2) >= h.start_minute
                    and extract(hour from a.ends_at at time zone $2) * 60
                        + extract(minute from a.ends_at at time zone $2) <= h.end_minute))::int as outside,
                count(*)::int as total
         from appointments a join practices p on p.id = a.practice_id where p.name = $1`,
        [name, timeZone],
      );
      return rows[0]!;
    };
    expect(await outsideHours(DEMO_VET_PRACTICE_NAME, 'America/Chicago')).toMatchObject({ outside: 0 });
    expect(await outsideHours(DEMO_PRACTICE_NAME, 'America/New_York')).toMatchObject({ outside: 0 });
  });

  it('gives each practice patients due for recall and others seen lately or booked ahead (issue 24)', async () => {
    const monthsAgo = (zone: string, months: number, days = 0) =>
      addMinutesToWall(
        `${addMonthsToDate(wallFromInstant(new Date(), zone).slice(0, 10), -months)}T00:00:00`,
        -days * 1440,
      ).slice(0, 10);
    for (const [login, name, zone] of [
      [DEMO_ADMIN, DEMO_PRACTICE_NAME, 'America/New_York'],
      [DEMO_VET_ADMIN, DEMO_VET_PRACTICE_NAME, 'America/Chicago'],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/recall',
        headers: bearer(await t.login(login.email, login.password)),
      });
      const due = parseResponse(response, RecallListResponseSchema).patients;
      expect(due.length, name).toBeGreaterThanOrEqual(3);
      // Last seen 7 to 14 months ago (a planned visit moves at most a week earlier to a working day).
      for (const patient of due) {
        expect(patient.last_visit >= monthsAgo(zone, 14, 7), name).toBe(true);
        expect(patient.last_visit < monthsAgo(zone, 6), name).toBe(true);
      }
      // Not due: seen within six months, or booked ahead after an old visit.
      const { rows } = await t.database.pool.query<{ recent: number; booked: number }>(
        `with last as (
           select a.patient_id, max(a.starts_at) filter (
                    where a.status <> 'cancelled' and a.ends_at <= now()
                      and a.appointment_type in ('dental_cleaning', 'dental_checkup')) as kept,
                  bool_or(a.status <> 'cancelled' and a.ends_at > now()) as booked
           from appointments a join practices p on p.id = a.practice_id
           where p.name = $1 group by a.patient_id)
         select count(*) filter (where kept > now() - interval '6 months')::int as recent,
                count(*) filter (where kept < now() - interval '7 months' and booked)::int as booked
         from last`,
        [name],
      );
      expect(rows[0]!.recent, name).toBeGreaterThanOrEqual(5);
      expect(rows[0]!.booked, name).toBeGreaterThanOrEqual(1);
    }
  });

  it("signs in each practice's admin and the operator with the documented passwords", async () => {
    expect(await demoLoginsIn(t.database.db)).toEqual([...DEMO_LOGIN_EMAILS].sort());
    for (const login of [DEMO_ADMIN, DEMO_VET_ADMIN, DEMO_OPERATOR]) {
      expect(await t.login(login.email, login.password)).toEqual(expect.any(String));
    }
    const [operator] = await t.database.db
      .select()
      .from(users)
      .where(sql`${users.email} = ${DEMO_OPERATOR.email}`);
    expect(operator).toMatchObject({ role: 'operator', practiceId: null });
  });

  it('creates the ADMIN_EMAIL admin once, with a working password', async () => {
    expect(await ensureAdmin(t.database.db, 'Owner@Practice.com', 'correct horse battery')).toBe(true);
    expect(await ensureAdmin(t.database.db, 'owner@practice.com', 'another password')).toBe(false);
    // A new admin's password passes the policy (ADR 047); an existing admin's is never checked again.
    await expect(ensureAdmin(t.database.db, 'new-owner@practice.com', 'short')).rejects.toThrow(
      'ADMIN_PASSWORD: Password must be at least 10 characters',
    );
    await expect(
      ensureAdmin(t.database.db, 'new-owner@practice.com', 'new-owner@practice.com'),
    ).rejects.toThrow('ADMIN_PASSWORD: The password must not be the e-mail address or the username.');
    expect(await ensureAdmin(t.database.db, 'owner@practice.com', 'short')).toBe(false);
    const [owner] = await t.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = 'owner@practice.com'`);
    expect(owner?.role).toBe('admin');
    expect(owner?.practiceId).toBe(await practiceNamed(DEMO_PRACTICE_NAME));
    expect(await verifyPassword(owner?.passwordHash, 'correct horse battery')).toBe(true);
  });

  it('creates the OPERATOR_EMAIL operator once, in no practice, on the same password policy', async () => {
    await expect(ensureOperator(t.database.db, 'ops@vendor.example', 'short')).rejects.toThrow(
      'OPERATOR_PASSWORD: Password must be at least 10 characters',
    );
    expect(await ensureOperator(t.database.db, 'Ops@Vendor.example', 'staple battery horse')).toBe(true);
    expect(await ensureOperator(t.database.db, 'ops@vendor.example', 'another password')).toBe(false);
    const [ops] = await t.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = 'ops@vendor.example'`);
    expect(ops).toMatchObject({ role: 'operator', practiceId: null });
    expect(await count('user_permissions', `user_id = '${ops!.id}'`)).toBe(0);
    expect(await t.login('ops@vendor.example', 'staple battery horse')).toEqual(expect.any(String));
  });
});

describe('the demo seed on a database that already has users', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp({ seed: false });
  });
  afterAll(() => other.close());
  const names = async () =>
    (await other.database.pool.query<{ name: string }>('select name from practices order by name')).rows.map(
      (row) => row.name,
    );

  it('leaves a database of real users alone', async () => {
    expect(await ensureAdmin(other.database.db, 'owner@clinic.example', 'correct horse battery')).toBe(true);
    expect(await seedDemoPractice(other.database.db)).toBe(false);
    expect(await names()).toEqual(['My practice']);
    expect(await demoLoginsIn(other.database.db)).toEqual([]);
  });

  it('adds what a demo database of the release before practices lacks, and keeps its practice', async () => {
    await other.database.pool.query(`delete from users`);
    // The earlier release's demo: its admin, moved by the migration into 'My practice'.
    expect(await ensureAdmin(other.database.db, DEMO_ADMIN.email, 'an earlier demo password')).toBe(true);
    expect(await seedDemoPractice(other.database.db)).toBe(true);
    expect(await names()).toEqual([DEMO_PRACTICE_NAME, DEMO_VET_PRACTICE_NAME]);
    expect(await demoLoginsIn(other.database.db)).toEqual(
      [DEMO_ADMIN.email, DEMO_VET_ADMIN.email, DEMO_VET_FRONT_DESK.email, DEMO_OPERATOR.email].sort(),
    );
    // Its own rows are not seeded again; the veterinary clinic's are.
    const calls = await other.database.pool.query<{ name: string; n: number }>(
      `select p.name, count(*)::int as n from calls c join practices p on p.id = c.practice_id group by p.name`,
    );
    expect(calls.rows).toEqual([{ name: DEMO_VET_PRACTICE_NAME, n: DEMO_VET_CALL_COUNT }]);
    expect(await seedDemoPractice(other.database.db)).toBe(false);
  });
});
