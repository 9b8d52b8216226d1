import { addDays, format } from 'date-fns';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointments,
  callProcessing,
  calls,
  operatories,
  patients,
  practices,
  providers,
} from '../../db/schema/index';
import { instantFromWall } from '../../lib/wall-time';
import type { ProcessPendingResponse } from '#shared/schemas/processor';
import { weekdayWithFreeTime } from '../../test/schedule-dates';
import { firstPracticeId } from '../../test/practice-number';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
/** The demo practice (the admin's). */
let demoId: string;
let admin: string;
let visitDay: Date;
beforeAll(async () => {
  t = await createTestApp();
  demoId = await firstPracticeId(t);
  admin = await t.asAdmin();
  // A weekday at least two days ahead with 10:00 free for a cleaning, said as "December 3rd".
  const day = await weekdayWithFreeTime(t.app, admin, {
    now: t.clock.now(),
    days: 2,
    time: '10:00',
    appointmentType: 'dental_cleaning',
  });
  visitDay = new Date(`${day}T12:00:00`);
});
afterAll(() => t.close());

const post = (url: string, payload?: object, session = admin) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(session) });

async function insertCall(transcript: string | null, customer = { name: 'Caller', number: '+15555550100' }) {
  const [row] = await t.database.db
    .insert(calls)
    .values({
      practiceId: demoId,
      status: 'ended',
      type: 'inboundPhoneCall',
      startedAt: new Date(t.clock.now().getTime() - 120_000),
      endedAt: new Date(t.clock.now().getTime() - 60_000),
      durationSeconds: 60,
      endedReason: 'customer-ended-call',
      customerName: customer.name,
      customerNumber: customer.number,
      transcript,
    })
    .returning({ id: calls.id });
  return row!.id;
}

const appointmentCount = async () => (await t.database.db.select({ n: count() }).from(appointments))[0]!.n;

const requestTranscript = () =>
  [
    'AI: Thank you for calling Bright Smile Dental. How can I help you today?',
    `User: Hi, this is Nora Quinn. I'd like to book a cleaning on ${format(visitDay, 'MMMM do')} at 10 AM.`,
    'AI: What number can we reach you at?',
    'User: Two one two, five five five, oh one nine eight.',
    'AI: Thank you, let me book that.',
  ].join('\n');

describe('POST /api/analyze-transcript', () => {
  it('answers the detected request with the words behind each field', async () => {
    const transcript = requestTranscript();
    const response = await post('/api/analyze-transcript', { transcript });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: 'Appointment request detected in transcript',
      appointmentRequest: {
        patientName: 'Nora Quinn',
        phoneNumber: '+12125550198',
        email: null,
        preferredDate: format(visitDay, 'yyyy-MM-dd'),
        preferredTime: '10:00',
        appointmentType: 'dental_cleaning',
      },
    });
    const words = body.evidence.patientName.map((r: { start: number; end: number }) =>
      transcript.slice(r.start, r.end),
    );
    expect(words).toEqual(['Nora Quinn']);
  });

  it('answers No Appointment Found with a null request', async () => {
    const response = await post('/api/analyze-transcript', {
      transcript: 'User: What are your hours?\nAI: 8 to 5.',
    });
    expect(response.json()).toMatchObject({
      success: true,
      message: 'No Appointment Found',
      appointmentRequest: null,
    });
  });

  it('refuses an empty transcript with the spec message, and an unknown call', async () => {
    for (const payload of [{ transcript: '   ' }, {}]) {
      const response = await post('/api/analyze-transcript', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Please enter a transcript to analyze' });
    }
    // 36 characters of hex digits and hyphens that are no uuid reached the uuid column (a 500).
    for (const callId of ['nope', '-'.repeat(36), 'a'.repeat(36), '00000000-0000-4000-8000-00000000000-0']) {
      const unknown = await post('/api/analyze-transcript', { transcript: 'User: hi', callId });
      expect(unknown.statusCode).toBe(404);
    }
  });

  it('refuses a transcript over the limit in words, not in zod wording', async () => {
    const response = await post('/api/analyze-transcript', { transcript: 'x'.repeat(100_001) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      message: 'The transcript is too long (at most 100,000 characters)',
      fields: { transcript: 'The transcript is too long (at most 100,000 characters)' },
    });
  });
});

describe('POST /api/call/:id/process-appointment', () => {
  it('books the detected request once, however often it is processed', async () => {
    const id = await insertCall(requestTranscript());
    const before = await appointmentCount();
    const first = await post(`/api/call/${id}/process-appointment`);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ success: true, appointment: { confirmationNumber: expect.any(String) } });
    expect(await appointmentCount()).toBe(before + 1);

    const again = await post(`/api/call/${id}/process-appointment`);
    expect(again.json().appointment.confirmationNumber).toBe(body.appointment.confirmationNumber);
    expect(await appointmentCount()).toBe(before + 1);

    const [record] = await t.database.db.select().from(callProcessing).where(eq(callProcessing.callId, id));
    expect(record).toMatchObject({ state: 'booked', appointmentType: 'dental_cleaning', time: '10:00' });
    // The log is written after the response, in batches (ADR 061).
    const audited = await t.auditOf(id, (entries) => entries.some((e) => e.action === 'call.process'));
    expect(audited.map((e) => e.action)).toContain('call.process');
  });

  it('books the nearest time the whole visit fits, not a half hour that is free', async () => {
    // A day past the demo schedule where every doctor's morning has only half-hour gaps.
    let day = addDays(visitDay, 35);
    while (day.getDay() === 0 || day.getDay() === 6) day = addDays(day, 1);
    const date = format(day, 'yyyy-MM-dd');
    const [rooms, doctors, people] = await Promise.all([
      t.database.db.select().from(operatories).where(eq(operatories.practiceId, demoId)),
      t.database.db.select().from(providers).where(eq(providers.practiceId, demoId)),
      t.database.db.select().from(patients).where(eq(patients.practiceId, demoId)).limit(10),
    ]);
    const zone = (await t.database.db.select().from(practices).where(eq(practices.id, demoId)))[0]!.timeZone;
    await t.database.db.insert(appointments).values(
      doctors.flatMap((doctor, i) =>
        ['09', '10', '11'].map((hour) => ({
          practiceId: demoId,
          patientId: people[i]!.id,
          providerId: doctor.id,
          operatoryId: rooms[i % rooms.length]!.id,
          startsAt: instantFromWall(`${date}T${hour}:00:00`, zone),
          endsAt: instantFromWall(`${date}T${hour}:30:00`, zone),
          status: 'confirmed' as const,
          confirmationNumber: `T${i}H${hour}`,
        })),
      ),
    );
    const id = await insertCall(
      [
        `User: Hi, this is Rhea Lam. I'd like to book a cleaning on ${format(day, 'MMMM do')} at 10 AM.`,
        'AI: What number can we reach you at?',
        'User: Two one two, five five five, oh one seven one.',
      ].join('\n'),
    );
    const response = await post(`/api/call/${id}/process-appointment`);
    expect(response.json()).toMatchObject({ success: true });
    const [record] = await t.database.db.select().from(callProcessing).where(eq(callProcessing.callId, id));
    // A cleaning is an hour: no half-hour gap of the morning holds it, the afternoon does.
    expect(record).toMatchObject({ state: 'booked', date, time: '14:00' });
  });

  it('reports a call booked during the call as booked, and books nothing', async () => {
    const id = await insertCall(
      [
        'User: Hi, I want to book a checkup tomorrow at 9.',
        "AI: You're booked for a dental checkup tomorrow at 9 AM.",
      ].join('\n'),
    );
    const before = await appointmentCount();
    const response = await post(`/api/call/${id}/process-appointment`);
    expect(response.json()).toMatchObject({ success: true, appointment: { confirmationNumber: null } });
    expect(await appointmentCount()).toBe(before);
  });

  it('books nothing for a call without a request, or without a day, and says why', async () => {
    const none = await insertCall('User: Do you take Delta Dental?\nAI: Yes we do.');
    expect((await post(`/api/call/${none}/process-appointment`)).json()).toMatchObject({
      success: false,
      message: 'No Appointment Found',
      appointment: null,
    });
    const noDay = await insertCall('User: I need a cleaning, please call me back.');
    expect((await post(`/api/call/${noDay}/process-appointment`)).json()).toMatchObject({
      success: false,
      message: 'The caller did not say a day',
    });
  });

  it('answers 404 for an unknown call and 400 for a malformed id', async () => {
    expect(
      (await post('/api/call/00000000-0000-4000-8000-000000000000/process-appointment')).statusCode,
    ).toBe(404);
    expect((await post('/api/call/not-a-uuid/process-appointment')).statusCode).toBe(400);
  });
});

describe('POST /api/process-pending-appointments and GET /api/call-processing', () => {
  it('counts calls booked during the call apart, and names the caller and the call on each result', async () => {
    const bookedByCaller = [
      await insertCall(
        "User: I'd like a checkup tomorrow at 9.\nAI: You're booked for a dental checkup tomorrow at 9 AM.",
        { name: 'Ada Byrne', number: '+12125550111' },
      ),
      await insertCall(
        'User: A filling on Friday, please.\nAI: Done. Your appointment is now booked, confirmation number XK12.',
        { name: 'Ben Okafor', number: '+12125550112' },
      ),
    ];
    const request = await insertCall(
      [
        `User: Hi, this is Ivy Park. I'd like to book a cleaning on ${format(visitDay, 'MMMM do')} at 2 PM.`,
        'AI: What number can we reach you at?',
        'User: Two one two, five five five, oh one one three.',
      ].join('\n'),
      { name: 'Ivy Park', number: '+12125550113' },
    );
    const question = await insertCall('User: Do you take Delta Dental?\nAI: Yes we do.', {
      name: 'Cy Dunn',
      number: '+12125550114',
    });
    const before = await appointmentCount();

    const response = await post('/api/process-pending-appointments');
    expect(response.statusCode).toBe(200);
    const { summary, results } = response.json() as ProcessPendingResponse;
    expect(summary.total).toBe(summary.successful + summary.alreadyBooked + summary.failed);
    expect(summary.successful).toBe(results.successful.length);
    expect(summary.alreadyBooked).toBe(results.alreadyBooked.length);
    expect(results.successful.map((r) => r.callId)).not.toContain(bookedByCaller[0]);
    const mine = results.alreadyBooked.filter((r) => bookedByCaller.includes(r.callId));
    expect(mine).toHaveLength(2);
    expect(mine).toEqual(
      expect.arrayContaining([
        {
          callId: bookedByCaller[0],
          caller: { name: 'Ada Byrne', number: '+12125550111' },
          startedAt: expect.any(String),
        },
        {
          callId: bookedByCaller[1],
          caller: { name: 'Ben Okafor', number: '+12125550112' },
          startedAt: expect.any(String),
        },
      ]),
    );
    expect(results.successful.find((r) => r.callId === request)).toMatchObject({
      caller: { name: 'Ivy Park', number: '+12125550113' },
      confirmationNumber: expect.any(String),
      details: { type: 'dental_cleaning', date: format(visitDay, 'yyyy-MM-dd') },
    });
    expect(results.failed.find((r) => r.callId === question)).toMatchObject({
      caller: { name: 'Cy Dunn', number: '+12125550114' },
      reason: 'No Appointment Found',
    });
    // Only the request was booked by the run.
    expect(await appointmentCount()).toBe(before + summary.successful);
  });

  it('processes at most 10 unprocessed ended calls per run, each once, with totals', async () => {
    const seen = new Set<string>();
    for (let run = 0; run < 20; run++) {
      const response = await post('/api/process-pending-appointments');
      expect(response.statusCode).toBe(200);
      const { summary, results } = response.json();
      expect(summary.total).toBeLessThanOrEqual(10);
      expect(summary.successful + summary.alreadyBooked + summary.failed).toBe(summary.total);
      expect(results.successful).toHaveLength(summary.successful);
      for (const r of [...results.successful, ...results.failed]) {
        expect(seen.has(r.callId)).toBe(false);
        seen.add(r.callId);
      }
      if (summary.total === 0) break;
    }
    const pending = (await post('/api/process-pending-appointments')).json();
    expect(pending.summary).toEqual({ total: 0, successful: 0, alreadyBooked: 0, failed: 0 });

    const states = await t.app.inject({ method: 'GET', url: '/api/call-processing', headers: bearer(admin) });
    expect(states.statusCode).toBe(200);
    const list = states.json().calls as { state: string; processed: boolean }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((c) => c.processed)).toBe(true);
    expect(new Set(list.map((c) => c.state))).toContain('booked');
  });
});
