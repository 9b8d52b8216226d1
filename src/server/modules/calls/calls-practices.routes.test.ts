import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { AuditListResponseSchema } from '#shared/schemas/audit';
import { CallbackListResponseSchema } from '#shared/schemas/callbacks';
import { CallListResponseSchema, CallStatsSchema } from '#shared/schemas/calls';
import { OutboundCallListResponseSchema } from '#shared/schemas/outbound-calls';
import { callbacks, calls, phoneNumbers } from '../../db/schema/index';
import { createOtherPractice, type OtherPractice } from '../../test/other-practice';
import { parseResponse } from '../../test/parse-response';
import { holdSampleNumbers, SAMPLE_CALLED_NUMBER } from '../../test/sample-numbers';
import { PRACTICE_ZONE } from '../../test/schedule-dates';
import { bearer, createTestApp, platformWebhook, type TestApp } from '../../test/test-app';

/**
 * Issue 22: a practice's calls, callbacks and processing are its own. Practice B's call (to B's number) is
 * stored for B, and A's staff never see it: not in lists, searches or stats, and its ids are not found (404).
 */
let t: TestApp;
let admin: string;
let other: OtherPractice;
let otherAdmin: string;
const OTHER_NUMBER = '+13125550177';
const OTHER_CALLER = '+13125550123';
const ownCallId = randomUUID();
const otherCallId = randomUUID();
const WANTS = 'User: Hi, this is Ivy Stone, I need a filling on Friday afternoon. Can someone call me back?';

/** An ended inbound call to `number` in which the caller asked to be called back. */
function endedCall(id: string, number: string, caller: string) {
  const endedAt = new Date(t.clock.now().getTime() - 60_000);
  return {
    message: {
      type: 'end-of-call-report',
      endedReason: 'customer-ended-call',
      call: { id, type: 'inboundPhoneCall', customer: { number: caller, name: `Caller ${caller}` } },
      phoneNumber: { number },
      startedAt: new Date(endedAt.getTime() - 90_000).toISOString(),
      endedAt: endedAt.toISOString(),
      durationSeconds: 90,
      artifact: { transcript: WANTS },
    },
  };
}

const deliver = (body: object) => platformWebhook(t.app, body);
const get = (url: string, session: string) => t.app.inject({ method: 'GET', url, headers: bearer(session) });
const send = (method: 'POST' | 'PATCH', url: string, session: string, payload: object = {}) =>
  t.app.inject({ method, url, headers: bearer(session), payload });
const listIds = async (session: string, query = '') =>
  (await parseResponse(await get(`/api/calls?${query}`, session), CallListResponseSchema)).calls.map(
    (call) => call.id,
  );

beforeAll(async () => {
  t = await createTestApp();
  await holdSampleNumbers(t);
  admin = await t.asAdmin();
  other = await createOtherPractice(t, { timeZone: 'America/Chicago' });
  otherAdmin = await other.asAdmin();
  await t.database.db
    .insert(phoneNumbers)
    .values({ practiceId: other.id, name: 'Other Line', number: OTHER_NUMBER });
  expect((await deliver(endedCall(ownCallId, SAMPLE_CALLED_NUMBER, '+12125550155'))).statusCode).toBe(200);
  expect((await deliver(endedCall(otherCallId, OTHER_NUMBER, OTHER_CALLER))).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('calls of two practices', () => {
  it('stores a report for the practice whose number was called', async () => {
    const stored = await t.database.db
      .select({ id: calls.id, practiceId: calls.practiceId })
      .from(calls)
      .where(eq(calls.providerId, otherCallId));
    expect(stored).toEqual([{ id: otherCallId, practiceId: other.id }]);
  });

  it('stores nothing for a number no practice holds', async () => {
    const id = randomUUID();
    expect((await deliver(endedCall(id, '+13125550999', OTHER_CALLER))).statusCode).toBe(200);
    expect(await t.database.db.select().from(calls).where(eq(calls.providerId, id))).toEqual([]);
  });

  it("never lists, finds or counts another practice's calls, whoever reads first (the read cache)", async () => {
    // The same query by both practices: each answer is the practice's own, whichever was kept in memory.
    const [mine, theirs] = [await listIds(admin), await listIds(otherAdmin)];
    expect(mine).toContain(ownCallId);
    expect(mine).not.toContain(otherCallId);
    expect(theirs).toEqual([otherCallId]);
    expect(await listIds(admin, `q=${encodeURIComponent(OTHER_CALLER)}`)).toEqual([]);
    expect(await listIds(admin, `q=${OTHER_NUMBER.slice(-4)}`)).not.toContain(otherCallId);
    expect(await listIds(otherAdmin, `q=${encodeURIComponent(OTHER_CALLER)}`)).toEqual([otherCallId]);

    const stats = async (session: string) =>
      parseResponse(await get('/api/calls/stats', session), CallStatsSchema);
    expect((await stats(otherAdmin)).total).toBe(1);
    expect((await stats(admin)).total).toBeGreaterThan(1);
  });

  it("gives the practice's own time zone with each list whose times staff read", async () => {
    const lists: [string, ZodType<{ timeZone: string }>][] = [
      ['/api/calls', CallListResponseSchema],
      ['/api/callbacks', CallbackListResponseSchema],
      ['/api/audit-events', AuditListResponseSchema],
      ['/api/outbound-calls', OutboundCallListResponseSchema],
    ];
    for (const [url, schema] of lists) {
      expect((await parseResponse(await get(url, otherAdmin), schema)).timeZone, url).toBe('America/Chicago');
      expect((await parseResponse(await get(url, admin), schema)).timeZone, url).toBe(PRACTICE_ZONE);
    }
  });

  it("answers 404 for another practice's call", async () => {
    expect((await get(`/api/calls/${otherCallId}`, admin)).statusCode).toBe(404);
    expect((await get(`/api/calls/${ownCallId}`, otherAdmin)).statusCode).toBe(404);
    expect((await get(`/api/calls/${otherCallId}`, otherAdmin)).statusCode).toBe(200);
  });

  it("does not let a report for another practice's call change it", async () => {
    // The same platform call id reported on A's number: B's call keeps its caller.
    const forged = endedCall(otherCallId, SAMPLE_CALLED_NUMBER, '+12125550166');
    expect((await deliver(forged)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(calls).where(eq(calls.providerId, otherCallId));
    expect(row).toMatchObject({ practiceId: other.id, customerNumber: OTHER_CALLER });
  });
});

describe('callbacks and processing of two practices', () => {
  it("makes B's task for B: A's inbox never shows it, and its id is not found for A (404)", async () => {
    const [task] = await t.database.db.select().from(callbacks).where(eq(callbacks.callId, otherCallId));
    expect(task).toMatchObject({ practiceId: other.id, status: 'open' });
    const inbox = async (session: string) =>
      ((await get('/api/callbacks?status=open', session)).json() as { callbacks: { id: string }[] })
        .callbacks;
    expect((await inbox(admin)).map((c) => c.id)).not.toContain(task!.id);
    expect((await inbox(otherAdmin)).map((c) => c.id)).toEqual([task!.id]);

    expect((await send('PATCH', `/api/callbacks/${task!.id}`, admin, { take: true })).statusCode).toBe(404);
    expect((await send('PATCH', `/api/callbacks/${task!.id}`, admin, { status: 'done' })).statusCode).toBe(
      404,
    );
    const book = await send('POST', `/api/callbacks/${task!.id}/book`, admin, {
      appointment_type: 'dental_filling',
      date: '2099-01-05',
      time: '10:00',
      patient_info: { name: 'Ivy Stone', phone_number: OTHER_CALLER },
    });
    expect(book.statusCode).toBe(404);
    const [after] = await t.database.db.select().from(callbacks).where(eq(callbacks.id, task!.id));
    expect(after).toMatchObject({ status: 'open', takenBy: null });
  });

  it("offers only the practice's own people as assignees, and refuses handing a task to another's", async () => {
    const names = async (session: string) =>
      (
        (await get('/api/callbacks/assignees', session)).json() as {
          assignees: { id: string; name: string }[];
        }
      ).assignees;
    const theirs = await names(otherAdmin);
    expect(theirs.map((a) => a.name)).toEqual(['Other Admin']);
    expect((await names(admin)).map((a) => a.id)).not.toContain(theirs[0]!.id);

    const [own] = await t.database.db.select().from(callbacks).where(eq(callbacks.callId, ownCallId));
    const handed = await send('PATCH', `/api/callbacks/${own!.id}`, admin, { assignTo: theirs[0]!.id });
    expect(handed.statusCode).toBe(400);
  });

  it("does not process or analyse another practice's call (404) nor list it", async () => {
    const processed = await send('POST', `/api/call/${otherCallId}/process-appointment`, admin);
    expect(processed.statusCode).toBe(404);
    const analysed = await send('POST', '/api/analyze-transcript', admin, {
      transcript: WANTS,
      callId: otherCallId,
    });
    expect(analysed.statusCode).toBe(404);
    const states = (await get('/api/call-processing', admin)).json() as { calls: { callId: string }[] };
    expect(states.calls.map((c) => c.callId)).not.toContain(otherCallId);
    expect(states.calls.map((c) => c.callId)).toContain(ownCallId);
  });
});
