import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  alreadyQueuedMessage,
  appointmentChangedMessage,
  DEFAULT_OUTBOUND_SETTINGS,
  OUTBOUND_MESSAGES as M,
} from '#shared/schemas/outbound-calls';
import {
  assistants,
  auditEvents,
  outboundCalls,
  outboundSettings,
  patients,
  phoneNumbers,
} from '../../db/schema/index';
import { firstPracticeId } from '../../test/practice-number';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let frontDesk: string;
let assistantId: string;
let numberId: string;
let patientIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  frontDesk = await t.asFrontDesk();
  const [assistant] = await t.database.db.select().from(assistants);
  const [number] = await t.database.db.select().from(phoneNumbers).orderBy(phoneNumbers.createdAt);
  assistantId = assistant!.id;
  numberId = number!.id;
  const response = await get('/api/patients-with-appointments');
  patientIds = (response.json() as { patients: { id: string; phone_number: string | null }[] }).patients
    .filter((p) => p.phone_number)
    .map((p) => p.id);
  expect(patientIds.length).toBeGreaterThan(2);
});
afterAll(() => t.close());

const get = (url: string, session = admin) => t.app.inject({ method: 'GET', url, headers: bearer(session) });
const start = (payload: object, session = admin, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/outbound-calls/start',
    payload,
    headers: { ...bearer(session), ...headers },
  });
const putSettings = (payload: object, session = admin) =>
  t.app.inject({ method: 'PUT', url: '/api/outbound-settings', payload, headers: bearer(session) });
const rowCount = async () => (await t.database.db.select({ n: count() }).from(outboundCalls))[0]!.n;

describe('POST /api/outbound-calls/start', () => {
  it('queues one pending call per patient and answers 202 with them; the list shows them newest first', async () => {
    const response = await start({
      patient_ids: patientIds.slice(0, 2),
      call_type: 'reminder',
      message: 'Bring your insurance card',
      assistant_id: assistantId,
      phone_number_id: numberId,
    });
    expect(response.statusCode, response.body).toBe(202);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.calls).toHaveLength(2);
    expect(body.texts).toBe(0);
    for (const call of body.calls) {
      expect(call).toMatchObject({
        call_type: 'reminder',
        status: 'pending',
        vapi_call_id: null,
        attempts: 0,
      });
      expect(call.phone_number).toMatch(/^\+\d{8,15}$/);
    }
    const [row] = await t.database.db
      .select()
      .from(outboundCalls)
      .where(eq(outboundCalls.id, body.calls[0].id));
    expect(row).toMatchObject({ message: 'Bring your insurance card', assistantId, phoneNumberId: numberId });
    expect(row!.appointment).toMatchObject({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const list = (await get('/api/outbound-calls')).json().calls as { id: string; created_at: string }[];
    expect(list.map((c) => c.id)).toEqual(
      expect.arrayContaining(body.calls.map((c: { id: string }) => c.id)),
    );
    const times = list.map((c) => c.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    // The log is written after the response, in batches (ADR 061).
    await vi.waitFor(
      async () => {
        await t.modules.audit.service.flush();
        const [audit] = await t.database.db
          .select()
          .from(auditEvents)
          .where(eq(auditEvents.action, 'outbound_call.start'));
        expect(audit).toBeDefined();
      },
      { timeout: 5_000, interval: 25 },
    );
  });

  it('returns the first answer for a repeated Idempotency-Key and creates nothing more', async () => {
    const payload = {
      patient_ids: [patientIds[0]],
      call_type: 'confirmation',
      assistant_id: assistantId,
      phone_number_id: numberId,
    };
    const first = await start(payload, admin, { 'idempotency-key': 'retry-1' });
    expect(first.statusCode, first.body).toBe(202);
    const before = await rowCount();
    const again = await start(payload, admin, { 'idempotency-key': 'retry-1' });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());
    expect(await rowCount()).toBe(before);
    const other = await start({ ...payload, call_type: 'followup' }, admin, { 'idempotency-key': 'retry-1' });
    expect(other.statusCode).toBe(422);
    expect(await rowCount()).toBe(before);
  });

  it('rings a patient with one open call of a type: of 50 parallel starts with different keys one queues', async () => {
    const payload = {
      patient_ids: [patientIds[2]],
      call_type: 'reminder',
      assistant_id: assistantId,
      phone_number_id: numberId,
    };
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => start(payload, admin, { 'idempotency-key': `parallel-${i}` })),
    );
    const queued = responses.filter((r) => r.statusCode === 202);
    expect(queued).toHaveLength(1);
    const call = queued[0]!.json().calls[0];
    expect(queued[0]!.json().skipped).toEqual([]);
    const refused = responses.filter((r) => r.statusCode !== 202);
    expect(refused.map((r) => r.statusCode)).toEqual(Array(49).fill(409));
    for (const response of refused) {
      expect(response.json()).toMatchObject({
        code: 'conflict',
        message: alreadyQueuedMessage(call.patient_name, 'reminder'),
      });
    }
    const open = () =>
      t.database.db
        .select()
        .from(outboundCalls)
        .where(and(eq(outboundCalls.patientId, patientIds[2]!), eq(outboundCalls.callType, 'reminder')));
    expect(await open()).toHaveLength(1);

    // With a patient who has no open reminder, the start queues that one and says who was left out.
    const mixed = await start({ ...payload, patient_ids: [patientIds[2], patientIds[3] ?? patientIds[1]] });
    expect(mixed.statusCode, mixed.body).toBe(202);
    expect(mixed.json().calls).toHaveLength(1);
    expect(mixed.json().skipped).toEqual([
      {
        patient_id: patientIds[2],
        patient_name: call.patient_name,
        reason: alreadyQueuedMessage(call.patient_name, 'reminder'),
      },
    ]);
    // Another call type is another call; once the reminder is over, a new one can be queued.
    expect((await start({ ...payload, call_type: 'followup' })).statusCode).toBe(202);
    await t.database.db
      .update(outboundCalls)
      .set({ status: 'completed' })
      .where(eq(outboundCalls.id, call.id));
    expect((await start(payload)).statusCode).toBe(202);
    expect((await open()).map((row) => row.status).sort()).toEqual(['completed', 'pending']);
  });

  it.each([
    ['an empty list', { patient_ids: [] }, 'patient_ids'],
    ['an unknown patient', { patient_ids: ['no-such-patient'] }, 'patient_ids'],
    ['an unknown call type', { call_type: 'survey' }, 'call_type'],
    ['an unknown assistant', { assistant_id: '00000000-0000-4000-8000-000000000000' }, 'assistant_id'],
    ['an assistant id that is no uuid', { assistant_id: 'abc' }, 'assistant_id'],
    ['an unknown number', { phone_number_id: '00000000-0000-4000-8000-000000000000' }, 'phone_number_id'],
  ])('refuses %s with a 400 naming the field, writing nothing', async (_, change, field) => {
    const before = await rowCount();
    const response = await start({
      patient_ids: [patientIds[0]],
      call_type: 'reminder',
      assistant_id: assistantId,
      phone_number_id: numberId,
      ...change,
    });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ code: expect.any(String), requestId: expect.any(String) });
    expect(Object.keys(body.fields ?? {})).toContain(field);
    expect(await rowCount()).toBe(before);
  });

  it('a call started by hand is about the patient’s next appointment, by its id; none upcoming is a 400', async () => {
    const listed = (await get('/api/patients-with-appointments')).json().patients as {
      id: string;
      name: string;
      next_appointment: { id: string; date: string; time: string };
    }[];
    const [first, second] = listed.filter((p) => patientIds.slice(4).includes(p.id));
    expect(first && second).toBeTruthy();
    const payload = { call_type: 'confirmation', assistant_id: assistantId, phone_number_id: numberId };
    // The screen sends the appointment it showed; without one the API picks the patient's next one.
    const response = await start({
      ...payload,
      patient_ids: [first!.id, second!.id],
      appointment_ids: { [first!.id]: first!.next_appointment.id },
    });
    expect(response.statusCode, response.body).toBe(202);
    const rows = await t.database.db
      .select()
      .from(outboundCalls)
      .where(
        and(
          eq(outboundCalls.callType, 'confirmation'),
          inArray(outboundCalls.patientId, [first!.id, second!.id]),
        ),
      );
    expect(Object.fromEntries(rows.map((row) => [row.patientId, row.appointmentRef]))).toEqual({
      [first!.id]: first!.next_appointment.id,
      [second!.id]: second!.next_appointment.id,
    });
    expect(rows.every((row) => row.appointmentRef)).toBe(true);
    expect(rows.find((row) => row.patientId === first!.id)!.appointment).toEqual({
      date: first!.next_appointment.date,
      time: first!.next_appointment.time,
      provider: expect.any(String),
      type: expect.any(String),
    });

    const before = await rowCount();
    // An appointment that is no longer the patient's next one (cancelled or moved since the list loaded).
    const stale = await start({
      ...payload,
      call_type: 'reminder',
      patient_ids: [first!.id],
      appointment_ids: { [first!.id]: 'no-longer-there' },
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toBe(appointmentChangedMessage(first!.name));
    // A patient without an upcoming appointment has nothing to confirm.
    const [lonely] = await t.database.db
      .insert(patients)
      .values({
        practiceId: await firstPracticeId(t),
        givenName: 'Nora',
        familyName: 'Nobooking',
        phone: '+12125550199',
      })
      .returning();
    const none = await start({ ...payload, patient_ids: [lonely!.id] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      message: M.noUpcomingAppointment,
      fields: { patient_ids: M.noUpcomingAppointment },
    });
    expect(await rowCount()).toBe(before);
  });

  it('refuses an unknown channel with a 400 naming it, and queues nothing', async () => {
    const before = await rowCount();
    const response = await start({ patient_ids: [patientIds[0]], call_type: 'reminder', channel: 'fax' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields ?? {})).toContain('channel');
    expect(await rowCount()).toBe(before);
  });

  it('without assistant and number uses the practice choice for the call type, or says none is chosen', async () => {
    const none = await start({ patient_ids: [patientIds[0]], call_type: 'followup' });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({ assistant_id: M.noAssistantConfigured });
    const saved = await putSettings({ callTypes: { followup: { assistantId, phoneNumberId: numberId } } });
    expect(saved.statusCode, saved.body).toBe(200);
    const response = await start({ patient_ids: [patientIds[1]], call_type: 'followup' });
    expect(response.statusCode, response.body).toBe(202);
    const [row] = await t.database.db
      .select()
      .from(outboundCalls)
      .where(eq(outboundCalls.id, response.json().calls[0].id));
    expect(row).toMatchObject({ assistantId, phoneNumberId: numberId, callType: 'followup' });
  });

  it('lets a sub user use only assigned assistants and numbers, and needs canOutboundCalls', async () => {
    const createSub = async (n: number, canOutboundCalls: boolean, assistantIds: string[]) => {
      const email = `outbound-sub${n}@example.com`;
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/users/atomic',
        headers: bearer(admin),
        payload: {
          user: { name: 'Sub', email, username: `outbound-sub${n}`, password: 'sub-pw-123' },
          permissions: { canOutboundCalls },
          phoneNumberIds: [],
          connectorIds: [],
          assistantIds,
        },
      });
      expect(created.statusCode, created.body).toBe(200);
      return t.login(email, 'sub-pw-123');
    };
    const payload = {
      patient_ids: [patientIds[0]],
      call_type: 'reminder',
      assistant_id: assistantId,
      phone_number_id: numberId,
    };
    const before = await rowCount();
    expect((await start(payload, await createSub(1, false, [assistantId]))).statusCode).toBe(403);
    const unassigned = await start(payload, await createSub(2, true, []));
    expect(unassigned.statusCode).toBe(400);
    expect(unassigned.json().fields).toEqual({ assistant_id: M.unknownAssistant });
    const noNumber = await start(payload, await createSub(3, true, [assistantId]));
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().fields).toEqual({ phone_number_id: M.unknownNumber });
    expect(await rowCount()).toBe(before);
  });
});

describe('GET and PUT /api/outbound-settings', () => {
  it('answers the defaults, then takes partial changes', async () => {
    const fresh = await createTestApp();
    try {
      // Without stored settings (the demo seed stores its own).
      await fresh.database.db.delete(outboundSettings);
      const session = await fresh.asAdmin();
      const read = await fresh.app.inject({
        method: 'GET',
        url: '/api/outbound-settings',
        headers: bearer(session),
      });
      expect(read.json()).toEqual(DEFAULT_OUTBOUND_SETTINGS);
      const put = await fresh.app.inject({
        method: 'PUT',
        url: '/api/outbound-settings',
        headers: bearer(session),
        payload: { callingWindow: { start: '08:30' }, callTypes: { reminder: { daysBefore: 3 } } },
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toEqual({
        ...DEFAULT_OUTBOUND_SETTINGS,
        callingWindow: { start: '08:30', end: '19:00' },
        callTypes: {
          ...DEFAULT_OUTBOUND_SETTINGS.callTypes,
          reminder: { ...DEFAULT_OUTBOUND_SETTINGS.callTypes.reminder, daysBefore: 3 },
        },
      });
    } finally {
      await fresh.close();
    }
  });

  it.each([
    [{ callingWindow: { start: '9am' } }, 'callingWindow.start'],
    [{ callingWindow: { start: '20:00' } }, 'callingWindow.end'],
    [{ maxConcurrentCalls: 0 }, 'maxConcurrentCalls'],
    [{ callTypes: { reminder: { daysBefore: 99 } } }, 'callTypes.reminder.daysBefore'],
    [{ callTypes: { reminder: { channel: 'fax' } } }, 'callTypes.reminder.channel'],
    [{ callTypes: { confirmation: { escalateAfterHours: 0 } } }, 'callTypes.confirmation.escalateAfterHours'],
    [
      { callTypes: { confirmation: { escalateAfterHours: 73 } } },
      'callTypes.confirmation.escalateAfterHours',
    ],
    [
      { callTypes: { reminder: { assistantId: '00000000-0000-4000-8000-000000000000' } } },
      'callTypes.reminder.assistantId',
    ],
  ])('refuses %j with a 400 naming the field', async (payload, field) => {
    const before = (await get('/api/outbound-settings')).json();
    const response = await putSettings(payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().fields ?? {})).toContain(field);
    expect((await get('/api/outbound-settings')).json()).toEqual(before);
  });

  it('takes a channel and escalation hours per call type; a row stored before them reads as call, 4 hours', async () => {
    const practiceId = await firstPracticeId(t);
    // As stored before issue 23: no channel, no escalateAfterHours.
    const {
      channel: _c,
      escalateAfterHours: _h,
      ...oldReminder
    } = DEFAULT_OUTBOUND_SETTINGS.callTypes.reminder;
    const old = {
      ...DEFAULT_OUTBOUND_SETTINGS,
      callTypes: { ...DEFAULT_OUTBOUND_SETTINGS.callTypes, reminder: { ...oldReminder, daysBefore: 2 } },
    };
    await t.database.db
      .insert(outboundSettings)
      .values({ practiceId, settings: old as typeof DEFAULT_OUTBOUND_SETTINGS })
      .onConflictDoUpdate({
        target: outboundSettings.practiceId,
        set: { settings: old as typeof DEFAULT_OUTBOUND_SETTINGS },
      });
    const read = (await get('/api/outbound-settings')).json();
    expect(read.callTypes.reminder).toEqual({
      ...oldReminder,
      daysBefore: 2,
      channel: 'call',
      escalateAfterHours: 4,
    });

    const put = await putSettings({
      callTypes: {
        reminder: { channel: 'sms_then_call', escalateAfterHours: 6 },
        followup: { channel: 'sms' },
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().callTypes.reminder).toMatchObject({
      channel: 'sms_then_call',
      escalateAfterHours: 6,
      daysBefore: 2,
    });
    expect(put.json().callTypes.followup.channel).toBe('sms');
    expect((await get('/api/outbound-settings')).json()).toEqual(put.json());
  });

  it('is for admins only', async () => {
    expect((await get('/api/outbound-settings', frontDesk)).statusCode).toBe(403);
    expect((await putSettings({ maxConcurrentCalls: 5 }, frontDesk)).statusCode).toBe(403);
  });
});
