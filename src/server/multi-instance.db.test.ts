import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { count, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OUTBOUND_SETTINGS } from '#shared/schemas/outbound-calls';
import type { SlotItem } from '#shared/schemas/schedule';
import {
  assistants,
  outboundCalls,
  outboundSettings,
  patients,
  phoneNumbers,
  sandboxOutboundPlacements,
} from './db/schema/index';
import { DEMO_ADMIN } from './db/seed/demo-practice';
import { addDays, weekdayAhead, weekdaysAhead } from './test/schedule-dates';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * Issue 22, "Scale beyond one machine": two server processes on one PostgreSQL serve the same practice, one
 * is killed with -9 mid-work, and nothing is lost or done twice. Each instance is a real process
 * (test/instance-fixture.ts) on 127.0.0.1; the test talks to them over HTTP.
 */

const fixture = path.join(import.meta.dirname, 'test/instance-fixture.ts');
const OUTBOUND_CALLS = 40;

interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  startedAt: Date;
  exited: Promise<unknown>;
  alive: boolean;
}

let t: TestApp;
let url: string;
const instances: Instance[] = [];

async function startInstance(name: string): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, url], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start: ${output}`)), 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`${name} exited with ${code}: ${output}`)));
  });
  const instance = { name, port, child, exited, startedAt: new Date(), alive: true };
  instances.push(instance);
  return instance;
}

async function kill(instance: Instance): Promise<void> {
  instance.child.kill('SIGKILL');
  await instance.exited;
  instance.alive = false;
}

/** The parts of the answers these tests read. */
interface Body {
  sessionId?: string;
  success?: boolean;
  message?: string;
  providers?: { remote_id: string }[];
  slots?: SlotItem[];
  appointment?: { confirmation_number: string };
  call?: { id: string };
  calls?: { id: string }[];
}

interface Answer {
  status: number;
  body: Body;
}

/** A request to one instance over HTTP; rejects when the instance dies before answering. */
async function call(
  instance: Instance,
  method: string,
  pathname: string,
  session?: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`http://127.0.0.1:${instance.port}${pathname}`, {
    method,
    headers: {
      ...(session && { authorization: `Bearer ${session}` }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Body };
}

async function signIn(instance: Instance): Promise<string> {
  const answer = await call(instance, 'POST', '/api/auth/login', undefined, {
    email: DEMO_ADMIN.email,
    password: DEMO_ADMIN.password,
  });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status}`);
  return answer.body.sessionId as string;
}

const book = (instance: Instance, session: string, params: object, key: string) =>
  call(
    instance,
    'POST',
    '/webhook',
    session,
    { type: 'function-call', functionCall: { name: 'bookAppointment', parameters: params } },
    { 'idempotency-key': key },
  );

/** Polls `check` until it returns a value (not undefined) or `ms` have passed. */
async function within<T>(ms: number, check: () => Promise<T | undefined>): Promise<T | undefined> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined || Date.now() > until) return value;
    await sleep(100);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  url = t.database.pool.options.connectionString!;
  await t.database.pool.query(
    'create table instance_ticks (pid int not null, at timestamptz not null default clock_timestamp())',
  );
  // Outbound calls queued before the instances start: both take them up at once (the dispatch runs at start).
  const [assistant] = await t.database.db.select().from(assistants);
  const [number] = await t.database.db.select().from(phoneNumbers).orderBy(phoneNumbers.createdAt);
  const practiceId = assistant!.practiceId;
  const settings = { ...DEFAULT_OUTBOUND_SETTINGS, callingWindow: { start: '00:00', end: '23:59' } };
  await t.database.db
    .insert(outboundSettings)
    .values({ practiceId, settings })
    .onConflictDoUpdate({ target: outboundSettings.practiceId, set: { settings } });
  await t.database.db.insert(outboundCalls).values(
    Array.from({ length: OUTBOUND_CALLS }, (_, i) => ({
      practiceId,
      patientId: `instances-${i}`,
      patientName: `Patient ${i}`,
      // Last digits 1-8: every call is answered.
      phoneNumber: `+1212555${String(1000 + i * 10 + (i % 8) + 1)}`,
      callType: 'reminder' as const,
      assistantId: assistant!.id,
      phoneNumberId: number!.id,
    })),
  );
  await Promise.all([startInstance('A'), startInstance('B')]);
}, 180_000);

afterAll(async () => {
  for (const instance of instances) if (instance.alive) await kill(instance);
  await t?.close();
});

describe('two instances on one database', () => {
  it('outbound dispatch: one instance killed (-9) mid-dispatch, the survivor places every call exactly once', async () => {
    const [a, b] = instances as [Instance, Instance];
    const placements = async () =>
      (await t.database.db.select({ n: count() }).from(sandboxOutboundPlacements))[0]!.n;
    const started = await within(30_000, async () => ((await placements()) >= 12 ? true : undefined));
    expect(started, 'the instances placed no calls').toBe(true);
    await kill(a);
    expect(await placements()).toBeLessThan(OUTBOUND_CALLS);

    const open = async () =>
      (
        await t.database.db.select().from(outboundCalls).where(like(outboundCalls.patientId, 'instances-%'))
      ).filter((row) => row.status === 'pending' || row.status === 'calling').length;
    const finished = await within(45_000, async () => ((await open()) === 0 ? true : undefined));
    expect(finished, `${await open()} calls still open on the survivor`).toBe(true);

    const rows = await t.database.db
      .select()
      .from(outboundCalls)
      .where(like(outboundCalls.patientId, 'instances-%'));
    expect(rows.map((row) => row.status)).toEqual(Array(OUTBOUND_CALLS).fill('completed'));
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
    // One placement per patient on the platform, and one ended call in Call Logs for each.
    expect(await placements()).toBe(OUTBOUND_CALLS);
    const callIds = rows.map((row) => row.vapiCallId);
    expect(new Set(callIds).size).toBe(OUTBOUND_CALLS);
    const logged = await t.database.pool.query<{ n: number }>(
      `select count(*)::int as n from calls where provider_id = any($1) and status = 'ended'`,
      [callIds],
    );
    expect(logged.rows[0]!.n).toBe(OUTBOUND_CALLS);
    // The survivor still answers.
    expect((await call(b, 'GET', '/api/health')).status).toBe(200);
  }, 120_000);

  it('bookings through both instances, one killed (-9) mid-way: every acknowledged booking exists once, no slot twice', async () => {
    const b = instances[1]!;
    const c = await startInstance('C');
    const session = await signIn(b);
    const providers = (await call(b, 'GET', '/api/providers', session)).body.providers as {
      remote_id: string;
    }[];
    const people = await t.database.db.select({ id: patients.id }).from(patients);
    expect(people.length).toBeGreaterThan(3);

    // Slots at least two hours apart per provider, on two days, as the API offers them.
    const wanted: { date: string; slot: SlotItem }[] = [];
    for (const date of weekdaysAhead(new Date(), 3, 2)) {
      for (const provider of providers) {
        const slots = (await call(b, 'GET', `/api/slots/${date}/${provider.remote_id}`, session)).body
          .slots as SlotItem[];
        let last = -Infinity;
        for (const slot of slots) {
          const [h, m] = slot.time.split(':').map(Number) as [number, number];
          if (h * 60 + m - last < 120) continue;
          last = h * 60 + m;
          wanted.push({ date, slot });
        }
      }
    }
    expect(wanted.length).toBeGreaterThanOrEqual(8);

    const params = (i: number, patient = i) => ({
      appointment_type: 'dental_checkup',
      date: wanted[i]!.date,
      time: wanted[i]!.slot.time,
      provider_id: wanted[i]!.slot.provider_id,
      patient_id: people[patient % people.length]!.id,
    });
    // Every third booking: the same request and key to both instances at once; every third: two patients
    // competing for one slot, one through each; the rest: one request, alternately through B and C.
    interface Sent {
      key: string;
      params: object;
      answer: Promise<Answer | undefined>;
    }
    const sent: Sent[] = [];
    const send = (instance: Instance, key: string, body: object) =>
      sent.push({
        key,
        params: body,
        answer: book(instance, session, body, key).catch(() => undefined),
      });
    for (let i = 0; i < wanted.length; i++) {
      if (i % 3 === 0) {
        send(b, `same-${i}`, params(i));
        send(c, `same-${i}`, params(i));
      } else if (i % 3 === 1) {
        send(b, `race-${i}-b`, params(i));
        send(c, `race-${i}-c`, params(i, i + 1));
      } else {
        send(i % 2 ? b : c, `one-${i}`, params(i));
      }
      if (i === Math.floor(wanted.length / 2)) await kill(c);
      else await sleep(30);
    }
    const answers = await Promise.all(sent.map(async (s) => ({ ...s, answer: await s.answer })));
    expect(answers.some((a) => a.answer === undefined || a.answer.status >= 500)).toBe(true);

    // A client that heard nothing (its instance died) sends the same request and key again, to the survivor.
    const settled = [];
    for (const s of answers) {
      const answer = s.answer && s.answer.status < 500 ? s.answer : await book(b, session, s.params, s.key);
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
      settled.push({ key: s.key, answer });
    }

    const booked = settled.filter((s) => s.answer.status === 200 && s.answer.body.success);
    const confirmations = new Map<string, string>();
    for (const { key, answer } of booked) {
      const number = answer.body.appointment!.confirmation_number as string;
      // The same key gets the same booking, whichever instance answered.
      expect(confirmations.get(key) ?? number).toBe(number);
      confirmations.set(key, number);
    }
    const stored = await t.database.pool.query<{ confirmation_number: string; n: number }>(
      `select confirmation_number, count(*)::int as n from appointments where confirmation_number = any($1)
       group by confirmation_number`,
      [[...confirmations.values()]],
    );
    expect(stored.rows.length).toBe(new Set(confirmations.values()).size);
    expect(stored.rows.every((row) => row.n === 1)).toBe(true);
    // Of two patients racing for one slot, at most one got it; and no provider is booked twice at any time.
    for (let i = 1; i < wanted.length; i += 3)
      expect(confirmations.has(`race-${i}-b`) && confirmations.has(`race-${i}-c`)).toBe(false);
    const overlaps = await t.database.pool.query(
      `select 1 from appointments x join appointments y on x.id < y.id and x.provider_id = y.provider_id
       and x.status <> 'cancelled' and y.status <> 'cancelled'
       and tstzrange(x.starts_at, x.ends_at) && tstzrange(y.starts_at, y.ends_at)`,
    );
    expect(overlaps.rowCount).toBe(0);
    expect(confirmations.size).toBeGreaterThan(wanted.length / 2);
  }, 120_000);

  it('caches: a change through one instance is in the other instance’s cached reads at once, not after a TTL', async () => {
    const b = instances[1]!;
    const d = await startInstance('D');
    const session = await signIn(b);
    const date = weekdayAhead(new Date(), 5);
    const week = `/api/appointments?start=${date}&end=${addDays(date, 1)}`;
    const provider = (await call(b, 'GET', '/api/providers', session)).body.providers![0]!
      .remote_id as string;
    const slots = (await call(b, 'GET', `/api/slots/${date}/${provider}`, session)).body.slots as SlotItem[];
    const minutes = (slot: SlotItem) => Number(slot.time.slice(0, 2)) * 60 + Number(slot.time.slice(3, 5));
    const first = slots[0]!;
    const second = slots.find((slot) => minutes(slot) - minutes(first) >= 120)!;
    const [patient] = await t.database.db.select({ id: patients.id }).from(patients).limit(1);
    const bookAt = (slot: SlotItem, key: string) =>
      book(
        b,
        session,
        {
          appointment_type: 'dental_checkup',
          date,
          time: slot.time,
          provider_id: slot.provider_id,
          patient_id: patient!.id,
        },
        key,
      );
    const firstBooked = await bookAt(first, 'cache-1');
    expect(firstBooked.body.success, JSON.stringify(firstBooked.body)).toBe(true);

    const callLogs = async () => JSON.stringify((await call(d, 'GET', '/api/calls', session)).body);
    const theWeek = async () => JSON.stringify((await call(d, 'GET', week, session)).body);
    // D reads Call Logs and the week: now kept in its memory.
    const shown = JSON.parse(await callLogs()).calls as { id: string }[];
    expect(await theWeek()).toContain(firstBooked.body.appointment!.confirmation_number);
    // A write that tells nobody (triggers off) is not in D's answers: they come from its memory.
    const silently = async (statement: string, values: unknown[]) => {
      const client = await t.database.pool.connect();
      try {
        await client.query('set session_replication_role = replica');
        await client.query(statement, values);
      } finally {
        await client.query('reset session_replication_role');
        client.release();
      }
    };
    await silently(`update calls set customer_name = 'Unheard Caller' where id = $1`, [shown[0]!.id]);
    await silently(`update appointments set notes = 'Unheard note' where confirmation_number = $1`, [
      firstBooked.body.appointment!.confirmation_number,
    ]);
    expect(await callLogs()).not.toContain('Unheard Caller');
    expect(await theWeek()).not.toContain('Unheard note');

    // B changes both: D's next reads are fresh (with the unheard write too), well inside the 60 s bound.
    const [number] = await t.database.db.select().from(phoneNumbers).orderBy(phoneNumbers.createdAt);
    const simulated = await call(b, 'POST', '/api/calls/simulate', session, {
      phoneNumberId: number!.id,
      scenario: 'question-then-hang-up',
    });
    expect(simulated.status).toBe(200);
    const secondBooked = await bookAt(second, 'cache-2');
    expect(secondBooked.body.success, JSON.stringify(secondBooked.body)).toBe(true);
    const fresh = await within(3_000, async () => {
      const logs = await callLogs();
      return logs.includes(simulated.body.call!.id) ? logs : undefined;
    });
    expect(fresh ?? 'the new call was not in D’s list within 3 s').toContain('Unheard Caller');
    const freshWeek = await within(3_000, async () => {
      const body = await theWeek();
      return body.includes(secondBooked.body.appointment!.confirmation_number) ? body : undefined;
    });
    expect(freshWeek ?? 'the new booking was not in D’s week within 3 s').toContain('Unheard note');
  }, 90_000);

  it('one job queue: a job scheduled every minute runs once a minute across the instances', async () => {
    const latest = instances.at(-1)!;
    // Wait for a minute's run while at least two instances are up (B and the last one started).
    const ticks = await within(95_000, async () => {
      const rows = await t.database.pool.query<{ pid: number; at: Date }>(
        'select pid, at from instance_ticks order by at',
      );
      return rows.rows.some((row) => row.at > latest.startedAt) ? rows.rows : undefined;
    });
    expect(ticks, 'the scheduled job never ran').toBeDefined();
    const minutes = ticks!.map((row) => Math.floor(row.at.getTime() / 60_000));
    expect(new Set(minutes).size).toBe(minutes.length);
    for (let i = 1; i < ticks!.length; i++)
      expect(ticks![i]!.at.getTime() - ticks![i - 1]!.at.getTime()).toBeGreaterThan(20_000);
  }, 120_000);
});
