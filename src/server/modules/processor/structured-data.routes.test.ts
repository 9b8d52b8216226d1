import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, callbacks, calls } from '../../db/schema/index';
import { addDays, listSlots, practiceToday } from '../../test/schedule-dates';
import { bearer, createTestApp, platformWebhook, type TestApp } from '../../test/test-app';
import { holdSampleNumbers } from '../../test/sample-numbers';

/**
 * ADR 046 end to end: an end-of-call-report in the platform's shape (a real capture with a dental conversation
 * and `analysis.structuredData`, see the fixture's `_source`) is stored with its extraction, and the callback
 * inbox, the analysis and the processor use it first.
 */
type Message = Record<string, unknown> & { analysis: Record<string, unknown> };
const FIXTURE = JSON.parse(
  readFileSync(path.resolve('fixtures/processor/end-of-call-report.structured-data.json'), 'utf8'),
) as { message: Message };

let t: TestApp;
let admin: string;
/** A Thursday ahead (the caller says "Thursday") with a filling free at 10:00. */
let thursday: string;
beforeAll(async () => {
  t = await createTestApp();
  await holdSampleNumbers(t);
  admin = await t.asAdmin();
  let day = addDays(practiceToday(t.clock.now()), 2);
  for (let week = 0; week < 8; week++) {
    while (new Date(`${day}T12:00:00Z`).getUTCDay() !== 4) day = addDays(day, 1);
    const slots = await listSlots(t.app, admin, day, 'first_available', 'filling');
    if (slots.some((s) => s.time === '10:00')) break;
    day = addDays(day, 1);
  }
  thursday = day;
});
afterAll(() => t.close());

/** The sample as a call that ended a minute ago, its extraction's day moved to `thursday`. */
function report(structuredData?: Record<string, unknown>): { id: string; message: Message } {
  const id = randomUUID();
  const now = t.clock.now().getTime();
  const message = structuredClone(FIXTURE.message);
  message.call = { ...(message.call as object), id };
  message.timestamp = now;
  message.startedAt = new Date(now - 90_000).toISOString();
  message.endedAt = new Date(now - 60_000).toISOString();
  message.analysis.structuredData = structuredData ?? {
    ...(message.analysis.structuredData as object),
    preferredDate: thursday,
  };
  return { id, message };
}

async function deliver(message: Message) {
  const response = await platformWebhook(t.app, { message });
  expect(response.statusCode, response.body).toBe(200);
}
const post = (url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(admin) });
const transcriptOf = (message: Message) => (message.artifact as { transcript: string }).transcript;

describe('an end-of-call-report with analysis.structuredData', () => {
  it('is stored with the call, and the inbox, the analysis and the processor read it first', async () => {
    const { id, message } = report();
    await deliver(message);

    const [stored] = await t.database.db.select().from(calls).where(eq(calls.id, id));
    expect(stored!.analysis?.structuredData).toEqual({
      patientName: 'Marcus Webb',
      phoneNumber: '+19175550142',
      preferredDate: thursday,
      preferredTime: '10:00',
      appointmentType: 'filling',
      isAppointmentRequest: true,
    });

    // The callback inbox's task carries the extraction's values.
    const [task] = await t.database.db.select().from(callbacks).where(eq(callbacks.callId, id));
    expect(task).toMatchObject({
      callerName: 'Marcus Webb',
      callerNumber: '+19175550142',
      appointmentType: 'filling',
      preferredDate: thursday,
      preferredTime: '10:00',
    });

    // The analysis of the call's own transcript: the extraction's values, each with the words behind it.
    const transcript = transcriptOf(message);
    const analysed = await post('/api/analyze-transcript', { transcript, callId: id });
    expect(analysed.statusCode).toBe(200);
    const body = analysed.json() as {
      appointmentRequest: Record<string, string | null>;
      evidence: Record<string, { start: number; end: number }[]>;
    };
    expect(body.appointmentRequest).toEqual({
      patientName: 'Marcus Webb',
      phoneNumber: '+19175550142',
      email: null,
      preferredDate: thursday,
      preferredTime: '10:00',
      appointmentType: 'filling',
    });
    const said = (field: string) => body.evidence[field]!.map((r) => transcript.slice(r.start, r.end));
    expect(said('patientName')).toContain('Marcus Webb');
    expect(said('phoneNumber')).toEqual(['Nine one seven, five five five, zero one four two']);
    expect(said('preferredDate').some((w) => /thursday/i.test(w))).toBe(true);
    expect(said('preferredTime').length).toBeGreaterThan(0);
    expect(said('appointmentType').some((w) => /filling/i.test(w))).toBe(true);

    // The processor books what the extraction says.
    const processed = await post(`/api/call/${id}/process-appointment`);
    expect(processed.json()).toMatchObject({ success: true });
    const { confirmationNumber } = processed.json().appointment as { confirmationNumber: string };
    const [booked] = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.confirmationNumber, confirmationNumber));
    expect(booked).toBeDefined();
    expect(booked!.notes).toMatch(/Appointment Processor/);
  });

  it('counts the extraction over the rules: "no request" there is no task and nothing to book', async () => {
    const { id, message } = report({ isAppointmentRequest: false });
    const rulesAlone = await post('/api/analyze-transcript', { transcript: transcriptOf(message) });
    expect(rulesAlone.json().appointmentRequest).not.toBeNull();

    await deliver(message);
    expect(await t.database.db.select().from(callbacks).where(eq(callbacks.callId, id))).toEqual([]);
    const processed = await post(`/api/call/${id}/process-appointment`);
    expect(processed.json()).toMatchObject({ success: false, message: 'No Appointment Found' });
  });

  it('ignores an extraction in another schema: the rules serve the call as without one', async () => {
    // The SDK-typed sample's structuredData (other keys, a type outside our list).
    const { id, message } = report({ intent: 'book', appointmentType: 'cleaning', slot: '2026-03-09T09:30' });
    await deliver(message);
    const transcript = transcriptOf(message);
    const withCall = (await post('/api/analyze-transcript', { transcript, callId: id })).json();
    const [stored] = await t.database.db.select().from(calls).where(eq(calls.id, id));
    expect(stored!.analysis?.structuredData).toBeUndefined();
    // The same reading as the rules from the call's start.
    expect(withCall.appointmentRequest).not.toBeNull();
    expect(withCall.appointmentRequest.appointmentType).not.toBe('dental_cleaning');
  });
});
