import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_OUTBOUND_SETTINGS, type OutboundSettings } from '#shared/schemas/outbound-calls';
import {
  assistants,
  calls,
  outboundCalls,
  outboundSettings,
  phoneNumbers,
  practices,
  sandboxOutboundPlacements,
} from '../../db/schema/index';
import { JobPayloadError, parsePayload } from '../../jobs/queue';
import { outboundDispatchJob } from '../../jobs/outbound-dispatch';
import { wallFromInstant } from '../../lib/wall-time';
import { createOtherPractice, type OtherPractice } from '../../test/other-practice';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { nextWindowStart } from './calling-window';

/**
 * Issue 22: outbound calls per practice. The dispatcher serves every practice in one run, each with its own
 * settings (maximum in flight, calling window in its own time zone), assistant and number; a suspended
 * practice's calls wait until it is reactivated, and its campaigns queue nothing.
 */
let t: TestApp;
let first: { id: string; assistantId: string; numberId: string };
let other: OtherPractice;
let otherAdmin: string;
let otherLine: { assistantId: string; numberId: string };

const ALWAYS = { start: '00:00', end: '23:59' };
const SEOUL = 'Asia/Seoul';

async function saveSettings(practiceId: string, change: Partial<OutboundSettings>) {
  const settings = { ...DEFAULT_OUTBOUND_SETTINGS, ...change };
  await t.database.db
    .insert(outboundSettings)
    .values({ practiceId, settings })
    .onConflictDoUpdate({ target: outboundSettings.practiceId, set: { settings } });
}

/** A practice's own assistant (a copy of the demo practice's first) and number. */
async function lineFor(practiceId: string, number: string) {
  const [template] = await t.database.db
    .select()
    .from(assistants)
    .orderBy(asc(assistants.createdAt))
    .limit(1);
  const { id: _id, createdAt: _c, updatedAt: _u, providerId: _p, ...copy } = template!;
  const [assistant] = await t.database.db
    .insert(assistants)
    .values({ ...copy, practiceId, name: 'Own Assistant' })
    .returning();
  const [line] = await t.database.db
    .insert(phoneNumbers)
    .values({ practiceId, name: 'Own Line', number })
    .returning();
  return { assistantId: assistant!.id, numberId: line!.id };
}

async function queue(practiceId: string, line: { assistantId: string; numberId: string }, n: number) {
  await t.database.db.insert(outboundCalls).values(
    Array.from({ length: n }, (_, i) => ({
      practiceId,
      patientId: `${practiceId}-p${i}`,
      patientName: `Patient ${i}`,
      phoneNumber: `+1212555${String(1100 + i)}`,
      callType: 'reminder' as const,
      assistantId: line.assistantId,
      phoneNumberId: line.numberId,
    })),
  );
}

const callsOf = (practiceId: string) =>
  t.database.db.select().from(outboundCalls).where(eq(outboundCalls.practiceId, practiceId));
const callingOf = async (practiceId: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(outboundCalls)
      .where(and(eq(outboundCalls.practiceId, practiceId), eq(outboundCalls.status, 'calling')))
  )[0]!.n;
const setStatus = (practiceId: string, status: 'active' | 'suspended') =>
  t.database.db.update(practices).set({ status }).where(eq(practices.id, practiceId));

beforeAll(async () => {
  // Calls stay in flight for the whole test: what the dispatcher claimed is what it left `calling`.
  t = await createTestApp({ outbound: { sandboxCallMs: 120_000, placementGraceMs: 120_000 } });
  const [demo] = await t.database.db.select().from(practices).orderBy(asc(practices.createdAt)).limit(1);
  const [number] = await t.database.db
    .select()
    .from(phoneNumbers)
    .where(eq(phoneNumbers.practiceId, demo!.id))
    .orderBy(asc(phoneNumbers.createdAt))
    .limit(1);
  first = { id: demo!.id, assistantId: number!.assistantId!, numberId: number!.id };
  other = await createOtherPractice(t, { timeZone: SEOUL });
  otherAdmin = await other.asAdmin();
  otherLine = await lineFor(other.id, '+13125550188');
});
afterAll(() => t.close());

beforeEach(async () => {
  await t.database.db.delete(outboundCalls);
  await t.database.db.delete(sandboxOutboundPlacements);
  await setStatus(other.id, 'active');
});

describe('outbound settings and calls of two practices', () => {
  it("keeps each practice's settings apart and shows each only its own calls", async () => {
    await saveSettings(first.id, { callingWindow: ALWAYS, maxConcurrentCalls: 4 });
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/outbound-settings',
      headers: bearer(otherAdmin),
      payload: { callingWindow: { start: '10:00', end: '11:00' }, maxConcurrentCalls: 1 },
    });
    expect(put.statusCode, put.body).toBe(200);
    const settingsOf = async (session: string) =>
      (
        await t.app.inject({ method: 'GET', url: '/api/outbound-settings', headers: bearer(session) })
      ).json() as OutboundSettings;
    const admin = await t.asAdmin();
    expect(await settingsOf(admin)).toMatchObject({ callingWindow: ALWAYS, maxConcurrentCalls: 4 });
    expect(await settingsOf(otherAdmin)).toMatchObject({
      callingWindow: { start: '10:00', end: '11:00' },
      maxConcurrentCalls: 1,
    });

    await queue(other.id, otherLine, 2);
    const listOf = async (session: string) =>
      (
        (
          await t.app.inject({ method: 'GET', url: '/api/outbound-calls', headers: bearer(session) })
        ).json() as { calls: { id: string }[] }
      ).calls.map((c) => c.id);
    const theirs = (await callsOf(other.id)).map((c) => c.id);
    expect(await listOf(admin)).toEqual([]);
    expect((await listOf(otherAdmin)).sort()).toEqual(theirs.sort());
  });
});

describe('the dispatcher across practices', () => {
  it("places each practice's calls under its own maximum, with its own assistant and number", async () => {
    await saveSettings(first.id, { callingWindow: ALWAYS, maxConcurrentCalls: 1 });
    await saveSettings(other.id, { callingWindow: ALWAYS, maxConcurrentCalls: 3 });
    await queue(first.id, first, 4);
    await queue(other.id, otherLine, 4);
    const result = await t.modules.outboundCalls.dispatcher.run(300);
    expect(result.placed).toBe(4);
    expect(await callingOf(first.id)).toBe(1);
    expect(await callingOf(other.id)).toBe(3);
    // Each placement and its Call Logs row belong to the practice whose call it is.
    const placed = await t.database.db
      .select({ practiceId: sandboxOutboundPlacements.practiceId, n: count() })
      .from(sandboxOutboundPlacements)
      .groupBy(sandboxOutboundPlacements.practiceId);
    expect(Object.fromEntries(placed.map((p) => [p.practiceId, p.n]))).toEqual({
      [first.id]: 1,
      [other.id]: 3,
    });
    const theirCalls = (await callsOf(other.id)).filter((c) => c.vapiCallId);
    const logged = await t.database.db
      .select({ practiceId: calls.practiceId, phoneNumberId: calls.phoneNumberId })
      .from(calls)
      .where(eq(calls.providerId, theirCalls[0]!.vapiCallId!));
    expect(logged).toEqual([{ practiceId: other.id, phoneNumberId: otherLine.numberId }]);
  });

  it("keeps a practice's calls for its own calling window, in its own time zone", async () => {
    await saveSettings(first.id, { callingWindow: ALWAYS });
    // Two hours after now in Seoul: closed there now, whatever the hour the test runs.
    const hour = Number(wallFromInstant(t.clock.now(), SEOUL).slice(11, 13));
    const window =
      hour <= 20
        ? { start: `${String(hour + 2).padStart(2, '0')}:00`, end: `${String(hour + 3).padStart(2, '0')}:00` }
        : { start: '01:00', end: '02:00' };
    await saveSettings(other.id, { callingWindow: window });
    await queue(first.id, first, 1);
    await queue(other.id, otherLine, 2);
    await t.modules.outboundCalls.dispatcher.run(300);
    expect(await callingOf(first.id)).toBe(1);
    const waiting = await callsOf(other.id);
    expect(waiting.map((c) => c.status)).toEqual(['pending', 'pending']);
    const opens = nextWindowStart(window, SEOUL, t.clock.now())!;
    expect(waiting.map((c) => c.notBefore?.toISOString())).toEqual([
      opens.toISOString(),
      opens.toISOString(),
    ]);
    // Read in the demo practice's zone the same window would open at another instant.
    expect(nextWindowStart(window, 'America/New_York', t.clock.now())?.getTime()).not.toBe(opens.getTime());
  });

  it('places nothing for a suspended practice until it is reactivated; a job names the practice it serves', async () => {
    await saveSettings(first.id, { callingWindow: ALWAYS });
    await saveSettings(other.id, { callingWindow: ALWAYS, maxConcurrentCalls: 5 });
    await setStatus(other.id, 'suspended');
    await queue(other.id, otherLine, 2);
    await queue(first.id, first, 1);
    expect((await t.modules.outboundCalls.dispatcher.run(300)).placed).toBe(1);
    const waiting = await callsOf(other.id);
    expect(waiting.map((c) => [c.status, c.attempts, c.notBefore])).toEqual([
      ['pending', 0, null],
      ['pending', 0, null],
    ]);

    await setStatus(other.id, 'active');
    // The job sent for one practice dispatches that practice's calls only.
    const job = outboundDispatchJob(t.modules.outboundCalls.dispatcher);
    const placed = (await job.run({ practiceId: other.id })) as { placed: number };
    expect(placed.placed).toBe(2);
    expect(await callingOf(other.id)).toBe(2);
  });

  it('fails a job whose payload is not a practice, naming no value', async () => {
    const job = outboundDispatchJob(t.modules.outboundCalls.dispatcher);
    const run = () => parsePayload(job, { practiceId: 'not-a-practice' });
    expect(run).toThrow(JobPayloadError);
    expect(run).toThrow(/outbound\.dispatch/);
    expect(run).not.toThrow(/not-a-practice/);
  });
});

describe('campaigns across practices', () => {
  it("queues nothing for a suspended practice's campaigns", async () => {
    await saveSettings(other.id, {
      callingWindow: ALWAYS,
      callTypes: {
        ...DEFAULT_OUTBOUND_SETTINGS.callTypes,
        reminder: {
          ...DEFAULT_OUTBOUND_SETTINGS.callTypes.reminder,
          automatic: true,
          daysBefore: 1,
          assistantId: otherLine.assistantId,
          phoneNumberId: otherLine.numberId,
        },
      },
    });
    await setStatus(other.id, 'suspended');
    await t.modules.outboundCalls.campaigns.run();
    expect(await callsOf(other.id)).toEqual([]);
  });
});
