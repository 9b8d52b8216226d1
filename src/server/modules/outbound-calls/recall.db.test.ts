import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OUTBOUND_SETTINGS } from '#shared/schemas/outbound-calls';
import { RecallListResponseSchema } from '#shared/schemas/recall';
import { appointments, calls, outboundCalls } from '../../db/schema/index';
import { wallFromInstant } from '../../lib/wall-time';
import { until } from '../../test/messaging';
import { parseResponse } from '../../test/parse-response';
import { createRecallPractice, type RecallPractice } from '../../test/recall-practice';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

/**
 * Recall calls (issue 24) under load and in time: the day's limit and the 30-day rule hold when two campaign
 * runs and two "Call selected" race; the daily campaign queues only inside the calling window, when automatic
 * with an assistant and a number, and a rerun queues nobody twice; and a recall call in the built-in voice
 * books the patient through the receptionist's tools, linked to the call.
 */
let t: TestApp;
const ALWAYS = { start: '00:00', end: '23:59' };

beforeAll(async () => {
  t = await createTestApp({ outbound: { sandboxCallMs: 50, placementGraceMs: 60_000 } });
});
afterAll(() => t.close());

const recallRows = (practiceId: string) =>
  t.database.db
    .select()
    .from(outboundCalls)
    .where(and(eq(outboundCalls.practiceId, practiceId), eq(outboundCalls.callType, 'recall')));

/** `n` patients due for recall (a cleaning 8 months ago, nothing booked), numbers ending in 1–8 (answered). */
async function duePatients(p: RecallPractice, n: number, prefix: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = await p.patient(
      `${prefix} Patient${i}`,
      `+1312555${prefix === 'Race' ? 2 : 3}${String(101 + i)}`,
    );
    await p.visit(id, p.date(8, i));
    ids.push(id);
  }
  return ids;
}

const callSelected = (p: RecallPractice, session: string, patientIds: string[], key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/recall/calls',
    headers: { ...bearer(session), 'idempotency-key': key },
    payload: {
      patient_ids: patientIds,
      assistant_id: p.line.assistantId,
      phone_number_id: p.line.phoneNumberId,
    },
  });

describe('the recall limits under concurrency', () => {
  it('queue at most maxPerDay a day and never a patient twice, whoever races', async () => {
    const p = await createRecallPractice(t, { number: '+13125552100' });
    const patients = await duePatients(p, 8, 'Race');
    await p.saveSettings({
      callingWindow: ALWAYS,
      recall: { intervalMonths: 6, automatic: true, maxPerDay: 3, ...p.line },
    });
    const answers = await Promise.all([
      t.modules.outboundCalls.campaigns.run(p.id),
      t.modules.outboundCalls.campaigns.run(p.id),
      callSelected(p, p.admin, patients, 'race-a'),
      callSelected(p, p.admin, patients.slice(0, 4), 'race-b'),
    ]);
    for (const answer of answers.slice(2) as { statusCode: number }[])
      expect([202, 409]).toContain(answer.statusCode);
    const queued = await recallRows(p.id);
    expect(queued).toHaveLength(3);
    expect(new Set(queued.map((row) => row.patientId)).size).toBe(3);

    // The next day: three more, none of those already called (30 days).
    t.clock.advanceMinutes(24 * 60);
    await t.modules.outboundCalls.campaigns.run(p.id);
    const twoDays = await recallRows(p.id);
    expect(twoDays).toHaveLength(6);
    expect(new Set(twoDays.map((row) => row.patientId)).size).toBe(6);
    // A rerun the same day queues nobody, and the day's limit holds for "Call selected" too.
    expect(await t.modules.outboundCalls.campaigns.run(p.id)).not.toHaveProperty('recall');
    const over = await callSelected(p, await p.asAdmin(), patients, 'race-c');
    expect(over.statusCode).toBe(409);
    expect(await recallRows(p.id)).toHaveLength(6);
  });
});

describe('the daily recall campaign', () => {
  it('queues only inside the calling window, when automatic with an assistant and a number', async () => {
    const p = await createRecallPractice(t, { number: '+13125553100' });
    await duePatients(p, 2, 'Campaign');
    const recall = { intervalMonths: 6, automatic: true, maxPerDay: 20, ...p.line };
    const hour = (Number(wallFromInstant(t.clock.now(), p.timeZone).slice(11, 13)) + 2) % 24;
    const closed = {
      start: `${String(hour).padStart(2, '0')}:00`,
      end: `${String(hour).padStart(2, '0')}:30`,
    };

    await p.saveSettings({ callingWindow: closed, recall });
    expect(await t.modules.outboundCalls.campaigns.run(p.id)).toEqual({});
    await p.saveSettings({ callingWindow: ALWAYS, recall: { ...recall, automatic: false } });
    expect(await t.modules.outboundCalls.campaigns.run(p.id)).toEqual({});
    await p.saveSettings({ callingWindow: ALWAYS, recall: { ...recall, assistantId: null } });
    expect(await t.modules.outboundCalls.campaigns.run(p.id)).toEqual({});
    expect(await recallRows(p.id)).toHaveLength(0);

    await p.saveSettings({ callingWindow: ALWAYS, recall });
    expect(await t.modules.outboundCalls.campaigns.run(p.id)).toEqual({ recall: 2 });
    expect(await t.modules.outboundCalls.campaigns.run(p.id)).toEqual({});
    const rows = await recallRows(p.id);
    expect(rows.map((row) => [row.status, row.createdBy, row.assistantId])).toEqual([
      ['pending', null, p.line.assistantId],
      ['pending', null, p.line.assistantId],
    ]);
  });
});

describe('a recall call in the built-in voice', () => {
  it('books the patient through checkAvailability and bookAppointment, linked to the call', async () => {
    const p = await createRecallPractice(t, { number: '+13125554100' });
    const [patientId] = await duePatients(p, 1, 'Booking');
    await p.saveSettings({ ...DEFAULT_OUTBOUND_SETTINGS, callingWindow: ALWAYS });
    const admin = await p.asAdmin();
    expect((await callSelected(p, admin, [patientId!], 'book-1')).statusCode).toBe(202);
    await t.modules.outboundCalls.dispatcher.run(5_000, p.id);

    const [row] = await until(
      () => recallRows(p.id),
      (rows) => rows[0]?.status === 'completed',
    );
    expect(row).toMatchObject({ status: 'completed', patientId });
    // The booking: the patient's cleaning ahead, in the schedule, and the call's appointment.
    const booked = await t.database.db
      .select()
      .from(appointments)
      .where(
        and(
          eq(appointments.practiceId, p.id),
          eq(appointments.patientId, patientId!),
          gt(appointments.startsAt, t.clock.now()),
        ),
      );
    expect(booked).toHaveLength(1);
    expect(booked[0]).toMatchObject({ appointmentType: 'dental_cleaning', status: 'pending' });
    expect(row!.appointmentRef).toBe(booked[0]!.id);

    const [logged] = await t.database.db.select().from(calls).where(eq(calls.providerId, row!.vapiCallId!));
    expect(logged!.transcript).toContain('What is the first opening?');
    expect(logged!.transcript).toContain(`Your confirmation number is ${booked[0]!.confirmationNumber}.`);
    // Booked: no longer due.
    const list = parseResponse(
      await t.app.inject({ method: 'GET', url: '/api/recall', headers: bearer(admin) }),
      RecallListResponseSchema,
    ).patients;
    expect(list.map((r) => r.id)).not.toContain(patientId);
  });
});
