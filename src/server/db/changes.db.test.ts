import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentItem } from '#shared/schemas/schedule';
import { buildApp } from '../app';
import { addDays, weekdayAhead } from '../test/schedule-dates';
import { bearer, consoleCall, createTestApp, type TestApp } from '../test/test-app';
import { connectDatabase } from './client';
import { CHANGE_CHANNEL, changeReportingClient, createChangeFeed } from './changes';
import { cachedTables } from './read-cache';

let t: TestApp;
let outside: pg.Client;
const url = () => t.database.pool.options.connectionString!;

beforeAll(async () => {
  t = await createTestApp();
  outside = new pg.Client({ connectionString: url() });
  await outside.connect();
});
afterAll(async () => {
  await outside.end();
  await t.close();
});

/** The connector list: a read cache. */
async function connectorNames(sessionId: string): Promise<string[]> {
  const response = await t.app.inject({ url: '/api/connectors', headers: bearer(sessionId) });
  expect(response.statusCode).toBe(200);
  return (response.json() as { connectors: { name: string }[] }).connectors.map((c) => c.name);
}

async function eventually(check: () => Promise<boolean>, ms = 5000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await sleep(20);
  }
}

describe('read caches and table changes', () => {
  it('every table a read cache of the app depends on announces its changes (has the change trigger)', async () => {
    // createTestApp built the whole app, so every cache has registered its tables.
    expect([...cachedTables]).toEqual(expect.arrayContaining(['appointments', 'sessions', 'connectors']));
    const triggered = await t.database.pool.query<{ table: string }>(
      `select c.relname as table from pg_trigger g
         join pg_class c on c.oid = g.tgrelid join pg_proc p on p.oid = g.tgfoid
       where p.proname = 'notify_table_change' and not g.tgisinternal`,
    );
    const withTrigger = new Set(triggered.rows.map((r) => r.table));
    expect([...cachedTables].filter((table) => !withTrigger.has(table))).toEqual([]);
  });

  it('answer from memory, and drop what another process changed once PostgreSQL announces it', async () => {
    const admin = await t.asAdmin();
    expect(await connectorNames(admin)).not.toContain('Changed Elsewhere');
    // Without its trigger the change is not announced: the cached list is still what is served.
    await outside.query('alter table connectors disable trigger connectors_notify_change');
    await outside.query(`update connectors set name = 'Changed Elsewhere'`);
    expect(await connectorNames(admin)).not.toContain('Changed Elsewhere');
    await outside.query('alter table connectors enable trigger connectors_notify_change');
    await outside.query(`update connectors set name = 'Changed Again'`);
    await eventually(async () => (await connectorNames(admin)).includes('Changed Again'));
  });

  it("see this process's own writes at once: a user made inactive is refused on the next request", async () => {
    const frontDesk = await t.asFrontDesk();
    expect(await connectorNames(frontDesk)).not.toHaveLength(0);
    // Unannounced by PostgreSQL, so only this process's own report can drop the cached session.
    await outside.query('alter table user_connectors disable trigger user_connectors_notify_change');
    await outside.query('alter table users disable trigger users_notify_change');
    await t.database.pool.query(
      `delete from user_connectors where user_id = (select id from users where email like 'frontdesk@%')`,
    );
    // Without an assigned connector the policy refuses the list: the session was read again.
    expect((await t.app.inject({ url: '/api/connectors', headers: bearer(frontDesk) })).statusCode).toBe(403);
    await t.database.pool.query(`update users set is_active = false where email like 'frontdesk@%'`);
    expect((await t.app.inject({ url: '/api/calls', headers: bearer(frontDesk) })).statusCode).toBe(401);
    await outside.query('alter table user_connectors enable trigger user_connectors_notify_change');
    await outside.query('alter table users enable trigger users_notify_change');
    await t.database.pool.query(`update users set is_active = true where email like 'frontdesk@%'`);
  });

  it('read through while the LISTEN connection is down, and listen again', async () => {
    const admin = await t.asAdmin();
    await connectorNames(admin);
    await outside.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where (query ilike 'listen %' or query = 'select 1') and pid <> pg_backend_pid() and datname = current_database()`,
    );
    await eventually(async () => !t.database.changes.live);
    await outside.query('alter table connectors disable trigger connectors_notify_change');
    await outside.query(`update connectors set name = 'While Deaf'`);
    await outside.query('alter table connectors enable trigger connectors_notify_change');
    expect(await connectorNames(admin)).toContain('While Deaf');
    await eventually(async () => t.database.changes.live);
  });
});

describe('two instances on one database', () => {
  it("see each other's writes: a booking through one is in the other's cached week, a deactivation ends sessions", async () => {
    const second = connectDatabase(url(), 2);
    await second.changes.start();
    const other = await buildApp({
      db: second.db,
      changes: second.changes,
      session: { idleMinutes: 30, maxHours: 12 },
      logLevel: 'silent',
      now: t.clock.now,
    });
    try {
      const admin = await t.asAdmin();
      const frontDesk = await t.asFrontDesk();
      const day = weekdayAhead(t.clock.now(), 2);
      const week = `/api/appointments?start=${day}&end=${addDays(day, 1)}`;
      const names = async () =>
        (
          (await other.inject({ url: week, headers: bearer(admin) })).json() as AppointmentItem[] & {
            appointments: AppointmentItem[];
          }
        ).appointments.map((a) => a.contact.name);
      expect(await names()).not.toContain('Two Instances');
      const { providers } = (
        await t.app.inject({ url: '/api/providers', headers: bearer(admin) })
      ).json() as {
        providers: { remote_id: string }[];
      };
      const provider = providers[0]!.remote_id;
      const { slots } = (
        await other.inject({ url: `/api/slots/${day}/${provider}`, headers: bearer(admin) })
      ).json() as {
        slots: { time: string }[];
      };
      const booked = await consoleCall(t.app, admin, 'bookAppointment', {
        appointment_type: 'dental_checkup',
        date: day,
        time: slots[0]!.time,
        provider_id: provider,
        patient_info: { name: 'Two Instances', phone_number: '+15555550177' },
      });
      expect(booked.statusCode, booked.body).toBe(200);
      await eventually(async () => (await names()).includes('Two Instances'));
      await eventually(async () => {
        const now = (
          await other.inject({ url: `/api/slots/${day}/${provider}`, headers: bearer(admin) })
        ).json() as {
          slots: { time: string }[];
        };
        return !now.slots.some((slot) => slot.time === slots[0]!.time);
      });

      expect((await other.inject({ url: '/api/calls', headers: bearer(frontDesk) })).statusCode).toBe(200);
      await t.database.pool.query(`update users set is_active = false where email like 'frontdesk@%'`);
      await eventually(
        async () =>
          (await other.inject({ url: '/api/calls', headers: bearer(frontDesk) })).statusCode === 401,
      );
      await t.database.pool.query(`update users set is_active = true where email like 'frontdesk@%'`);
    } finally {
      await other.close();
      await second.close();
    }
  });
});

describe('change feed heartbeat', () => {
  it('stays live while notifications arrive, and goes down when they stop', async () => {
    const connect = () => new pg.Client({ connectionString: url() });
    let deaf = false;
    const feed = createChangeFeed({
      connect,
      probe: (payload) =>
        deaf ? Promise.resolve() : outside.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, payload]),
      heartbeatMs: 50,
    });
    try {
      await feed.start();
      expect(feed.live).toBe(true);
      await sleep(300);
      expect(feed.live).toBe(true);
      deaf = true;
      await eventually(async () => !feed.live, 2000);
      deaf = false;
      await eventually(async () => feed.live, 5000);
    } finally {
      await feed.close();
    }
  });
});

describe('change-reporting client', () => {
  it('reports written tables at once outside a transaction, at commit inside one, never after rollback', async () => {
    const reported: string[][] = [];
    const pool = new pg.Pool({
      connectionString: url(),
      max: 1,
      Client: changeReportingClient((tables) => reported.push([...tables])),
    });
    try {
      await pool.query(`update practices set time_zone = time_zone`);
      expect(reported).toEqual([['practices']]);
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(`update providers set name = name`);
        expect(reported).toHaveLength(1);
        await client.query('commit');
        expect(reported[1]).toEqual(['providers']);
        await client.query('begin');
        await client.query(`update operatories set name = name`);
        await client.query('rollback');
        expect(reported).toHaveLength(2);
        await new Promise<void>((resolve, reject) =>
          client.query('update patients set phone = phone where false', (error: Error | null) =>
            error ? reject(error) : resolve(),
          ),
        );
        expect(reported[2]).toEqual(['patients']);
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  });
});
