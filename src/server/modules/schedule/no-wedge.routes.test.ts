import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, ne } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlotItem } from '#shared/schemas/schedule';
import { BUSY_MESSAGE } from '../../db/busy';
import { appointments } from '../../db/schema/index';
import { instantFromWall } from '../../lib/wall-time';
import { addDays, firstFreeSlot, PRACTICE_ZONE, weekdayAhead } from '../../test/schedule-dates';
import { bearer, consoleCall, createTestApp, type TestApp } from '../../test/test-app';

/**
 * Issue 19: parallel bookings, each holding a transaction, once waited for a second pooled connection (the
 * nearest open times of a closed-hours answer, a read cache's shared load) and wedged the whole server.
 */

let t: TestApp;
let admin: string;
let providerId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  const providers = await t.app.inject({ method: 'GET', url: '/api/providers', headers: bearer(admin) });
  providerId = providers.json().providers[0].remote_id;
});
afterAll(() => t.close());

async function freeSlot(date: string): Promise<SlotItem> {
  const slot = await firstFreeSlot(t.app, admin, date, providerId);
  return { ...slot, start_time: `${date}T${slot.time}:00` };
}

/** Three weekdays in a row, so the three slots never overlap whatever the appointment's length. */
function threeWeekdays(): string[] {
  const dates = [weekdayAhead(t.clock.now(), 10)];
  while (dates.length < 3) {
    let next = addDays(dates.at(-1)!, 1);
    while ([0, 6].includes(new Date(`${next}T12:00:00Z`).getUTCDay())) next = addDays(next, 1);
    dates.push(next);
  }
  return dates;
}

/** The demo practice opens in the morning: 05:00 is closed on every day. */
const book = (i: number, date: string, time: string) =>
  consoleCall(
    t.app,
    admin,
    'bookAppointment',
    {
      appointment_type: 'dental_checkup',
      date,
      time,
      provider_id: providerId,
      patient_info: { name: `Wedge Racer${i}`, phone_number: `+1505555${String(1000 + i)}` },
    },
    { 'idempotency-key': `no-wedge-${i}` },
  );

/** Asks /api/ready until `done` settles; how long each answer took and what it was. */
async function probeReady(done: Promise<unknown>) {
  const answers: { status: number; ms: number }[] = [];
  let finished = false;
  void done.finally(() => (finished = true));
  while (!finished) {
    const started = performance.now();
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    answers.push({ status: response.statusCode, ms: performance.now() - started });
    await sleep(50);
  }
  return answers;
}

describe('200 parallel bookings with keys, half at closed hours, half racing for 3 slots', () => {
  it('every request answers, /api/ready answers during and after, one booking per slot', async () => {
    const dates = threeWeekdays();
    const slots = await Promise.all(dates.map(freeSlot));

    const all = Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        i % 2 === 0 ? book(i, dates[i % 3]!, '05:00') : book(i, dates[i % 3]!, slots[i % 3]!.time),
      ),
    );
    const [responses, readyAnswers] = await Promise.all([all, probeReady(all)]);

    const closed = responses.filter((_, i) => i % 2 === 0);
    const racers = responses.filter((_, i) => i % 2 === 1);
    expect(closed.map((r) => [r.statusCode, r.json().code])).toEqual(Array(100).fill([409, 'closed']));
    expect(closed[0]!.json().message).toMatch(/The nearest open times are/);
    expect(racers.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(racers.filter((r) => r.statusCode !== 200).map((r) => [r.statusCode, r.json().code])).toEqual(
      Array(97).fill([409, 'conflict']),
    );

    expect(readyAnswers.length).toBeGreaterThan(0);
    for (const answer of readyAnswers) {
      expect([200, 503]).toContain(answer.status);
      expect(answer.ms).toBeLessThan(5_000);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

    for (const slot of slots) {
      const booked = await t.database.db
        .select({ id: appointments.id })
        .from(appointments)
        .where(
          and(
            eq(appointments.providerId, providerId),
            eq(appointments.startsAt, instantFromWall(slot.start_time, PRACTICE_ZONE)),
            ne(appointments.status, 'cancelled'),
          ),
        );
      expect(booked).toHaveLength(1);
    }
    // Sign-in and reads go on afterwards.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/providers', headers: bearer(await t.asAdmin()) }))
        .statusCode,
    ).toBe(200);
  }, 60_000);
});

describe('a crowd booking one day', () => {
  it('waits its turn without holding a connection: no 503 even with a short acquire timeout', async () => {
    // 5 pooled connections and 250 ms to get one: bookings that held a connection while waiting for the day's
    // turn would time out here.
    const s = await createTestApp({ dbTimeouts: { acquireMs: 250 } });
    try {
      const session = await s.asAdmin();
      const providers = await s.app.inject({
        method: 'GET',
        url: '/api/providers',
        headers: bearer(session),
      });
      const doctor = providers.json().providers[0].remote_id as string;
      const date = weekdayAhead(s.clock.now(), 12);
      const slot = await firstFreeSlot(s.app, session, date, doctor);
      const responses = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          consoleCall(
            s.app,
            session,
            'bookAppointment',
            {
              appointment_type: 'dental_checkup',
              date,
              time: slot.time,
              provider_id: doctor,
              patient_info: { name: `Crowd Caller${i}`, phone_number: `+1505556${String(1000 + i)}` },
            },
            { 'idempotency-key': `crowd-${i}` },
          ),
        ),
      );
      const answers = responses.map((r) => [r.statusCode, r.json().code ?? 'booked']);
      expect(answers.filter(([status]) => status === 200)).toHaveLength(1);
      expect(answers.filter(([status]) => status !== 200)).toEqual(Array(59).fill([409, 'conflict']));
    } finally {
      await s.close();
    }
  }, 60_000);
});

/**
 * PostgreSQL's own timeouts run on timer_settime, which libfaketime intercepts and breaks: under
 * `npm run test:clock` they never fire. These tests do not depend on the day, and every other run has them.
 */
const postgresTimers = process.env.FAKETIME ? it.skip : it;

describe('timeouts: a stuck request fails with a 503 and the rest go on', () => {
  let s: TestApp;
  let session: string;
  beforeAll(async () => {
    s = await createTestApp({ dbTimeouts: { acquireMs: 300, statementMs: 500, idleInTransactionMs: 1000 } });
    session = await s.asAdmin();
  });
  afterAll(() => s.close());

  // Each test its own patient: two tests' dates can be one day (3 and 4 weekdays ahead of a Wednesday are both
  // the Monday), and a patient's visits never overlap.
  const bookWith = (
    key: string,
    date: string,
    time: string,
    patient = { name: 'Tim Out', phone: '+15055550142' },
  ) =>
    consoleCall(
      s.app,
      session,
      'bookAppointment',
      {
        appointment_type: 'dental_checkup',
        date,
        time,
        patient_info: { name: patient.name, phone_number: patient.phone },
      },
      { 'idempotency-key': key },
    );
  const LOCKED_OUT = { name: 'Tia Lock', phone: '+15055550143' };
  const slotOn = async (date: string) =>
    (
      await s.app.inject({
        method: 'GET',
        url: `/api/slots/${date}/first_available`,
        headers: bearer(session),
      })
    ).json().slots[0] as SlotItem;

  it('no free connection within the acquire timeout: 503 busy, and /api/ready says so at once', async () => {
    const date = weekdayAhead(s.clock.now(), 3);
    const slot = await slotOn(date);
    const held = await Promise.all(Array.from({ length: 5 }, () => s.database.pool.connect()));
    try {
      const started = performance.now();
      const ready = await s.app.inject({ method: 'GET', url: '/api/ready' });
      expect(performance.now() - started).toBeLessThan(250);
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ code: 'unavailable', message: BUSY_MESSAGE });

      const busy = await bookWith('timeout-1', date, slot.time);
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('1');
      expect(busy.json()).toMatchObject({ code: 'unavailable', message: BUSY_MESSAGE });
    } finally {
      for (const client of held) client.release();
    }
    expect((await s.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    expect((await bookWith('timeout-1', date, slot.time)).statusCode).toBe(200);
  });

  postgresTimers(
    'sets the statement and idle-in-transaction timeouts on every pooled connection',
    async () => {
      const client = await s.database.pool.connect();
      try {
        expect((await client.query('show statement_timeout')).rows[0].statement_timeout).toBe('500ms');
        await client.query('begin');
        await sleep(1500);
        // PostgreSQL ended the idle transaction's session.
        await expect(client.query('select 1')).rejects.toThrow();
      } finally {
        client.release(true);
      }
    },
  );

  postgresTimers(
    'a statement stuck behind a lock is cancelled: 503 busy, while other requests are answered',
    async () => {
      const date = weekdayAhead(s.clock.now(), 4);
      const slot = await slotOn(date);
      const locker = new pg.Client({ connectionString: s.database.pool.options.connectionString });
      await locker.connect();
      try {
        await locker.query('begin');
        await locker.query('lock table appointments in exclusive mode');
        const [stuck, ready] = await Promise.all([
          bookWith('timeout-2', date, slot.time, LOCKED_OUT),
          s.app.inject({ method: 'GET', url: '/api/ready' }),
        ]);
        expect(stuck.statusCode).toBe(503);
        expect(stuck.json()).toMatchObject({ code: 'unavailable', message: BUSY_MESSAGE });
        expect(ready.statusCode).toBe(200);
      } finally {
        await locker.query('rollback');
        await locker.end();
      }
      expect((await bookWith('timeout-2', date, slot.time, LOCKED_OUT)).statusCode).toBe(200);
    },
  );
});
