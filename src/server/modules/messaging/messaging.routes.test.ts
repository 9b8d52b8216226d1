import { and, count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConversationListResponseSchema,
  MESSAGING_MESSAGES,
  MessageListResponseSchema,
  MessagingSettingsSchema,
  OptOutListResponseSchema,
  PHI_WORDS,
  SandboxInboundResponseSchema,
  UnreadResponseSchema,
} from '#shared/schemas/messaging';
import { CallbackListResponseSchema } from '#shared/schemas/callbacks';
import {
  appointmentChanges,
  appointmentTypes,
  assistants,
  conversations,
  messages,
  optOuts,
  outboundCalls,
  phoneNumbers,
} from '../../db/schema/index';
import { RESCHEDULE_CALL_MESSAGE } from '../outbound-calls/outbound-calls.service';
import type { PracticeContext } from '../../practice';
import { FIRST_AVAILABLE } from '../../integrations/practice-management/port';
import { formatVisitDay, formatVisitTime } from '#shared/visit-time';
import {
  inbound,
  newSid,
  postForm,
  sandboxOf,
  sendDue,
  setSender,
  SMS,
  STATUS,
  textsTo,
  until,
} from '../../test/messaging';
import { createOtherPractice } from '../../test/other-practice';
import { parseResponse } from '../../test/parse-response';
import { patientWithVisit } from '../../test/patient-visit';
import { PRACTICE_ZONE } from '../../test/schedule-dates';
import { wallFromInstant } from '../../lib/wall-time';
import { twilioSignature } from '../../integrations/messaging/index';
import { firstPracticeId } from '../../test/practice-number';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

const M = MESSAGING_MESSAGES;
/** The demo practice's main line (seed). */
const SENDER = '+12125550143';

let t: TestApp;
let admin: string;
let practice: PracticeContext;

interface Upcoming {
  id: string;
  name: string;
  phone_number: string | null;
  next_appointment: { id: string; date: string; time: string };
}
/** Names no demo patient has, one a patient: a search by name finds only that patient's thread. */
const NAMES = [
  'Quinta Marlowe',
  'Ansel Brightwater',
  'Odile Penhallow',
  'Caspian Thorne',
  'Wren Ashdown',
  'Leopold Vantongeren',
  'Mirela Okonkwo',
  'Thaddeus Quimby',
  'Ines Halloran',
  'Bartholomew Crane',
  'Saoirse Delacroix',
  'Ezekiel Fairweather',
  'Ottilie Brannock',
  'Peregrine Lusk',
  'Rosalind Quarrie',
  'Fenwick Alder',
  'Marisol Ketteridge',
];
let nextPatient = 0;
/**
 * A patient of the test's own, another each time: a number of their own (+1 212 555 07xx, which no demo
 * patient has: the seed's numbers end in 1000 to 9999) and a visit booked by staff at a free time the API
 * lists, upcoming and neither confirmed nor cancelled, so a reply visibly changes it.
 */
async function patient(): Promise<Upcoming> {
  const n = nextPatient++;
  const name = NAMES[n];
  if (!name) throw new Error('more patients than names');
  const visit = await patientWithVisit(t, admin, {
    name,
    phone: `+1212555${String(700 + n).padStart(4, '0')}`,
  });
  expect(await appointment(visit.id)).toMatchObject({ confirmed: false, cancelled: false });
  const wall = wallFromInstant(visit.row.startsAt, PRACTICE_ZONE);
  return {
    id: visit.row.patientId,
    name,
    phone_number: visit.phone,
    next_appointment: { id: visit.id, date: wall.slice(0, 10), time: wall.slice(11, 16) },
  };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  practice = (await t.modules.schedule.service.practice(await firstPracticeId(t)))!;
});
afterAll(() => t.close());

const get = (url: string, session = admin) => t.app.inject({ method: 'GET', url, headers: bearer(session) });
const post = (url: string, payload: object, session = admin) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(session) });

/** Queues a reminder about the patient's next appointment and sends it. */
async function remind(p: Upcoming) {
  const a = p.next_appointment;
  const result = await t.modules.messaging.service.queueTexts(practice, [
    {
      to: p.phone_number!,
      kind: 'reminder',
      values: { firstName: p.name.split(' ')[0], day: a.date, time: a.time },
      patientId: p.id,
      patientName: p.name,
      appointmentRef: a.id,
      appointment: { date: a.date, time: a.time },
      idempotencyKey: `campaign:reminder:${a.id}`,
    },
  ]);
  expect(result.skipped).toEqual([]);
  await sendDue(t);
}

const lastText = async (to: string) => (await textsTo(t, practice.id, to)).at(-1)!;
async function appointment(id: string) {
  const response = await get('/api/appointments');
  const list = (
    response.json() as { appointments: { remote_id: string; confirmed: boolean; cancelled: boolean }[] }
  ).appointments;
  return list.find((a) => a.remote_id === id);
}

describe('messaging settings', () => {
  it('answers the defaults, and the sandbox mode', async () => {
    const settings = parseResponse(await get('/api/messaging-settings'), MessagingSettingsSchema);
    expect(settings).toMatchObject({ senderNumber: null, mode: 'sandbox', bookingConfirmation: true });
    expect(settings.templates.reminder).toContain('{practiceName}');
  });

  it('takes one of the practice’s numbers as the sender, in any format, and refuses any other', async () => {
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/messaging-settings',
      headers: bearer(admin),
      payload: { senderNumber: '+12125559999' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: M.unknownSender, fields: { senderNumber: M.unknownSender } });
    // Another practice's number is not ours either.
    const paws = await t.app.inject({
      method: 'PUT',
      url: '/api/messaging-settings',
      headers: bearer(admin),
      payload: { senderNumber: '+13125550161' },
    });
    expect(paws.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'PUT',
      url: '/api/messaging-settings',
      headers: bearer(admin),
      payload: { senderNumber: '(212) 555-0143' },
    });
    expect(parseResponse(ok, MessagingSettingsSchema).senderNumber).toBe(SENDER);
  });

  it.each([
    [
      'reminder',
      'Hi {firstName}, see you {day} at {time}. Reply STOP to opt out.',
      M.needsPracticeName('reminder'),
    ],
    [
      'confirmation',
      'Hi {firstName}, {practiceName} on {day} at {time}: reply C.',
      M.needsOptOut('confirmation'),
    ],
    [
      'reminder',
      `Hi {firstName}, {practiceName} ${'x'.repeat(120)} {day} {time}. Reply STOP to opt out.`,
      M.tooLong('reminder'),
    ],
    ['followup', 'Hi {firstName}, how was your cleaning at {practiceName}?', M.phi('followup', 'cleaning')],
    ['booking', 'Hi {firstName} {doctor}', M.unknownPlaceholder('doctor')],
    [
      'reminder',
      'Hi {firstName} {practiceName} {confirmationNumber}. Reply STOP to opt out.',
      M.confirmationNumberOnlyInBooking,
    ],
  ])('refuses a %s template breaking a rule with 400 naming it', async (kind, template, rule) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/messaging-settings',
      headers: bearer(admin),
      payload: { templates: { [kind]: template } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: rule, fields: { [`templates.${kind}`]: rule } });
  });

  it('refuses the practice’s own appointment type names as PHI', async () => {
    // A type whose name holds none of the general PHI words, so only the practice's own list can refuse it.
    const type = (
      await t.database.db.select().from(appointmentTypes).where(ne(appointmentTypes.label, ''))
    ).find((row) => !PHI_WORDS.some((word) => row.label.toLowerCase().includes(word)));
    expect(type).toBeDefined();
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/messaging-settings',
      headers: bearer(admin),
      payload: {
        templates: { followup: `Hi {firstName}, thank you for your ${type!.label} visit at {practiceName}` },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/must not say more than first name/);
  });
});

describe('the Twilio webhooks', () => {
  it('stores a signed text once, however often Twilio retries it, and answers empty TwiML', async () => {
    const sid = newSid();
    for (let i = 0; i < 2; i++) {
      const response = await inbound(t, '+12125550901', SENDER, 'Hello there', sid);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/xml/);
      expect(response.body).toContain('<Response></Response>');
    }
    const rows = await t.database.db.select().from(messages).where(eq(messages.providerId, sid));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ direction: 'inbound', body: 'Hello there', practiceId: practice.id });
  });

  it('refuses a tampered, missing or wrongly keyed signature with 403 and stores nothing', async () => {
    const params = { MessageSid: newSid(), From: '+12125550902', To: SENDER, Body: 'C' };
    const tampered = await postForm(t, SMS, params, { tamper: { Body: 'STOP' } });
    const wrongKey = await postForm(t, SMS, params, { token: 'not-the-token' });
    const missing = await postForm(t, SMS, params, { signature: '' });
    expect([tampered.statusCode, wrongKey.statusCode, missing.statusCode]).toEqual([403, 403, 403]);
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(conversations)
      .where(eq(conversations.phoneNumber, '+12125550902'));
    expect(stored!.n).toBe(0);
  });

  it('stores nothing for a number no practice holds', async () => {
    const sid = newSid();
    const response = await inbound(t, '+12125550903', '+19995550100', 'Hi', sid);
    expect(response.statusCode).toBe(200);
    expect(await t.database.db.select().from(messages).where(eq(messages.providerId, sid))).toEqual([]);
  });

  it('moves a delivery status forward only: a late sent never overwrites delivered', async () => {
    const p = await patient();
    await remind(p);
    const text = await lastText(p.phone_number!);
    expect(text.providerId).toBeTruthy();
    const report = (status: string, extra: Record<string, string> = {}) =>
      postForm(t, STATUS, { MessageSid: text.providerId!, MessageStatus: status, ...extra });
    expect((await report('delivered')).statusCode).toBe(200);
    await report('sent');
    await report('failed', { ErrorCode: '30003' });
    expect((await lastText(p.phone_number!)).status).toBe('delivered');
    // An unknown sid is answered and changes nothing.
    expect((await postForm(t, STATUS, { MessageSid: newSid(), MessageStatus: 'delivered' })).statusCode).toBe(
      200,
    );
  });

  it('explains a failure in words', async () => {
    const p = await patient();
    await t.modules.messaging.service.queueTexts(practice, [
      {
        to: p.phone_number!,
        kind: 'followup',
        values: { firstName: 'Pat' },
        idempotencyKey: `followup:${p.id}`,
      },
    ]);
    await sendDue(t);
    const text = await lastText(p.phone_number!);
    await postForm(t, STATUS, {
      MessageSid: text.providerId!,
      MessageStatus: 'undelivered',
      ErrorCode: '30007',
    });
    const thread = parseResponse(
      await get(`/api/conversations?q=${p.phone_number!.slice(-7)}`),
      ConversationListResponseSchema,
    );
    const list = parseResponse(
      await get(`/api/conversations/${thread.conversations[0]!.id}/messages`),
      MessageListResponseSchema,
    );
    expect(list.messages.at(-1)).toMatchObject({
      status: 'undelivered',
      failure: 'Blocked by the carrier as spam',
    });
  });
});

/** The patient's thread. */
async function threadOf(p: Upcoming) {
  const [thread] = parseResponse(
    await get(`/api/conversations?q=${p.phone_number!.slice(2)}`),
    ConversationListResponseSchema,
  ).conversations;
  return thread!;
}

/** The appointment ledger's rows of one kind for an appointment. */
const changesOf = (ref: string, change: 'confirmed' | 'cancelled') =>
  t.database.db
    .select()
    .from(appointmentChanges)
    .where(and(eq(appointmentChanges.appointmentRef, ref), eq(appointmentChanges.change, change)));

/** Staff move the appointment to the first free time on a later day. */
async function moveToAnotherDay(ref: string) {
  const schedule = t.modules.schedule.service;
  const s = await schedule.forPractice(practice);
  const a = (await schedule.appointment(s, ref))!;
  for (let days = 1; days <= 28; days++) {
    const date = new Date(Date.parse(a.wallStart.slice(0, 10)) + days * 86_400_000)
      .toISOString()
      .slice(0, 10);
    for (const slot of await s.pms.openSlots({ date, providerId: FIRST_AVAILABLE })) {
      try {
        return await schedule.reschedule(
          s,
          a,
          { startTime: slot.startTime, providerId: slot.providerId },
          { channel: 'staff' },
        );
      } catch {
        // Taken meanwhile, or the patient's own visit then: the next time.
      }
    }
  }
  throw new Error('no free time in the next four weeks');
}

describe('replies that act', () => {
  it('C confirms the appointment in the schedule and thanks the patient', async () => {
    const p = await patient();
    await remind(p);
    expect((await appointment(p.next_appointment.id))?.confirmed).toBe(false);
    await inbound(t, p.phone_number!, SENDER, ' c ');
    expect((await appointment(p.next_appointment.id))?.confirmed).toBe(true);
    expect((await lastText(p.phone_number!)).body).toMatch(
      /^Thank you, your visit on \w+day, \w{3} \d+ at \d+:\d\d [AP]M is confirmed\.$/,
    );
    // In the appointment ledger, as made by a text.
    const changes = await t.database.db
      .select()
      .from(appointmentChanges)
      .where(eq(appointmentChanges.appointmentRef, p.next_appointment.id));
    expect(changes).toContainEqual(expect.objectContaining({ change: 'confirmed', channel: 'text' }));
  });

  it('N asks once, and a second N cancels; CANCEL is an opt-out, never a cancellation', async () => {
    const p = await patient();
    await remind(p);
    await inbound(t, p.phone_number!, SENDER, 'N');
    expect((await lastText(p.phone_number!)).body).toMatch(/^Reply N again to cancel your visit on /);
    expect((await appointment(p.next_appointment.id))?.cancelled).toBe(false);
    await inbound(t, p.phone_number!, SENDER, 'no');
    expect((await appointment(p.next_appointment.id))?.cancelled).toBe(true);
    expect((await lastText(p.phone_number!)).body).toMatch(/is cancelled/);
  });

  it('a reply acts on the visit as it is now: moved since the text, the answer names its new time', async () => {
    const p = await patient();
    await remind(p);
    const moved = await moveToAnotherDay(p.next_appointment.id);
    const shown = `${formatVisitDay(moved.wallStart.slice(0, 10))} at ${formatVisitTime(moved.wallStart.slice(11, 16))}`;
    await inbound(t, p.phone_number!, SENDER, 'N');
    expect((await lastText(p.phone_number!)).body).toBe(`Reply N again to cancel your visit on ${shown}.`);
    await inbound(t, p.phone_number!, SENDER, 'N');
    expect((await lastText(p.phone_number!)).body).toMatch(
      new RegExp(`^Your visit on ${shown} is cancelled\\.`),
    );
    expect((await appointment(p.next_appointment.id))?.cancelled).toBe(true);
  });

  it('a reply about a cancelled visit changes nothing and goes to staff, who are told why', async () => {
    const p = await patient();
    await remind(p);
    const thread = await threadOf(p);
    await inbound(t, p.phone_number!, SENDER, 'N');
    // Both second N's at once: the visit is cancelled once, and answered once.
    await Promise.all([inbound(t, p.phone_number!, SENDER, 'N'), inbound(t, p.phone_number!, SENDER, 'N')]);
    expect((await appointment(p.next_appointment.id))?.cancelled).toBe(true);
    const cancelledTexts = async () =>
      (await textsTo(t, practice.id, p.phone_number!)).filter((m) => /is cancelled/.test(m.body));
    expect(await cancelledTexts()).toHaveLength(1);
    expect(await changesOf(p.next_appointment.id, 'cancelled')).toHaveLength(1);

    const before = (await textsTo(t, practice.id, p.phone_number!)).length;
    await inbound(t, p.phone_number!, SENDER, 'C');
    await inbound(t, p.phone_number!, SENDER, 'N');
    expect(await textsTo(t, practice.id, p.phone_number!)).toHaveLength(before);
    expect(await changesOf(p.next_appointment.id, 'cancelled')).toHaveLength(1);
    expect(await changesOf(p.next_appointment.id, 'confirmed')).toHaveLength(0);
    const [after] = parseResponse(
      await get(`/api/conversations?q=${p.phone_number!.slice(2)}`),
      ConversationListResponseSchema,
    ).conversations;
    // The second of the N's sent at once, the C and the last N: each for staff, none answered.
    expect(after).toMatchObject({ unread: 3, suggestedIntent: 'cancel' });

    const accepted = await post(`/api/conversations/${thread.id}/intent`, { intent: 'confirm' });
    expect(accepted.statusCode, accepted.body).toBe(409);
    expect(accepted.json().message).toMatch(
      /^The visit on \w+day, \w{3} \d+ at \d+:\d\d [AP]M is already cancelled\.$/,
    );
    expect(await changesOf(p.next_appointment.id, 'confirmed')).toHaveLength(0);
  });

  it('R opens a callback task and says we will call', async () => {
    const p = await patient();
    await remind(p);
    await inbound(t, p.phone_number!, SENDER, 'R');
    await inbound(t, p.phone_number!, SENDER, 'reschedule');
    const tasks = parseResponse(
      await get('/api/callbacks?status=open'),
      CallbackListResponseSchema,
    ).callbacks;
    const mine = tasks.filter((task) => task.callerNumber === p.phone_number);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ callId: null, conversationId: expect.any(String) });
    expect((await lastText(p.phone_number!)).body).toBe('We will call you to find a new time.');
  });

  it('R also queues a follow-up call with the receptionist when the practice chose it', async () => {
    const [assistant] = await t.database.db
      .select()
      .from(assistants)
      .where(eq(assistants.practiceId, practice.id));
    const [number] = await t.database.db
      .select()
      .from(phoneNumbers)
      .where(eq(phoneNumbers.practiceId, practice.id));
    const put = (url: string, payload: object) =>
      t.app.inject({ method: 'PUT', url, payload, headers: bearer(admin) });
    expect(
      (
        await put('/api/outbound-settings', {
          callTypes: { followup: { assistantId: assistant!.id, phoneNumberId: number!.id } },
        })
      ).statusCode,
    ).toBe(200);
    const callsOf = (phone: string) =>
      t.database.db
        .select()
        .from(outboundCalls)
        .where(and(eq(outboundCalls.practiceId, practice.id), eq(outboundCalls.phoneNumber, phone)));

    // Not chosen: a callback task only.
    const before = await patient();
    await remind(before);
    await inbound(t, before.phone_number!, SENDER, 'R');
    expect(await callsOf(before.phone_number!)).toEqual([]);

    expect((await put('/api/messaging-settings', { callOnReschedule: true })).statusCode).toBe(200);
    const p = await patient();
    await remind(p);
    await inbound(t, p.phone_number!, SENDER, 'R');
    const calls = await callsOf(p.phone_number!);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      callType: 'followup',
      status: 'pending',
      patientName: p.name,
      assistantId: assistant!.id,
      phoneNumberId: number!.id,
      message: RESCHEDULE_CALL_MESSAGE,
    });
    await put('/api/messaging-settings', { callOnReschedule: false });
  });

  it('HELP answers the practice’s name and phone', async () => {
    await inbound(t, '+12125550904', SENDER, 'help');
    expect((await lastText('+12125550904')).body).toBe(
      `${practice.name}: for help call (212) 555-0143. Reply STOP to opt out.`,
    );
  });

  it('STOP blocks every later text, a manual one too, until START; the ledger lists it as JSON and CSV', async () => {
    const p = await patient();
    await remind(p);
    await inbound(t, p.phone_number!, SENDER, 'Stop');
    const blocked = await t.modules.messaging.service.queueTexts(practice, [
      { to: p.phone_number!, kind: 'booking', values: {}, idempotencyKey: `booking:stop-${p.id}` },
    ]);
    expect(blocked.skipped.map((s) => s.reason)).toEqual(['opted_out']);
    const [thread] = parseResponse(
      await get(`/api/conversations?q=${encodeURIComponent(p.name)}`),
      ConversationListResponseSchema,
    ).conversations;
    expect(thread).toMatchObject({ optedOut: true, phoneNumber: p.phone_number });
    const manual = await post(`/api/conversations/${thread!.id}/messages`, { body: 'Are you sure?' });
    expect(manual.statusCode).toBe(409);
    expect(manual.json().message).toBe(M.optedOut);

    const ledger = parseResponse(await get('/api/opt-outs'), OptOutListResponseSchema).optOuts;
    expect(ledger).toContainEqual({ phoneNumber: p.phone_number, keyword: 'STOP', at: expect.any(String) });
    const csv = await get('/api/opt-outs?format=csv');
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment/);
    expect(csv.body.split('\r\n')[0]).toBe('phone_number,keyword,opted_out_at');
    expect(csv.body).toContain(`${p.phone_number},STOP,`);

    await inbound(t, p.phone_number!, SENDER, 'START');
    const again = await post(`/api/conversations/${thread!.id}/messages`, { body: 'Welcome back' });
    expect(again.statusCode, again.body).toBe(201);
    expect(
      await t.database.db
        .select()
        .from(optOuts)
        .where(and(eq(optOuts.practiceId, practice.id), eq(optOuts.phoneNumber, p.phone_number!))),
    ).toEqual([]);
  });

  it('a free text goes to staff: unread, a suggested intent they accept with one click', async () => {
    const p = await patient();
    await remind(p);
    const before = parseResponse(await get('/api/messaging/unread'), UnreadResponseSchema).unread;
    await inbound(t, p.phone_number!, SENDER, 'Yes I will be there, see you then');
    const [thread] = parseResponse(
      await get(`/api/conversations?q=${p.phone_number!.slice(2)}`),
      ConversationListResponseSchema,
    ).conversations;
    expect(thread).toMatchObject({
      unread: 1,
      suggestedIntent: 'confirm',
      lastMessage: 'Yes I will be there, see you then',
    });
    expect(parseResponse(await get('/api/messaging/unread'), UnreadResponseSchema).unread).toBe(before + 1);

    const accepted = await post(`/api/conversations/${thread!.id}/intent`, { intent: 'confirm' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().outcome).toMatch(/is confirmed/);
    expect((await appointment(p.next_appointment.id))?.confirmed).toBe(true);
    const [after] = parseResponse(
      await get(`/api/conversations?q=${p.phone_number!.slice(2)}`),
      ConversationListResponseSchema,
    ).conversations;
    expect(after).toMatchObject({ unread: 0, suggestedIntent: null });

    await inbound(t, p.phone_number!, SENDER, 'Do you take Delta Dental?');
    expect((await post(`/api/conversations/${thread!.id}/read`, {})).statusCode).toBe(200);
    const question = await post(`/api/conversations/${thread!.id}/intent`, { intent: 'question' });
    expect(question.json().outcome).toBeTruthy();
  });
});

describe('carrier keywords that answer a question about a visit', () => {
  const threadNow = async (p: Upcoming) =>
    parseResponse(
      await get(`/api/conversations?q=${p.phone_number!.slice(2)}`),
      ConversationListResponseSchema,
    ).conversations[0]!;

  it('YES opts in and goes to staff as a confirmation, answered by no one and the visit untouched', async () => {
    const p = await patient();
    await remind(p);
    const texts = (await textsTo(t, practice.id, p.phone_number!)).length;
    await inbound(t, p.phone_number!, SENDER, 'Yes');
    expect(await threadNow(p)).toMatchObject({ unread: 1, suggestedIntent: 'confirm', optedOut: false });
    expect(await appointment(p.next_appointment.id)).toMatchObject({ confirmed: false, cancelled: false });
    expect(await changesOf(p.next_appointment.id, 'confirmed')).toHaveLength(0);
    expect(await textsTo(t, practice.id, p.phone_number!)).toHaveLength(texts);
  });

  it('CANCEL opts out and goes to staff as a cancellation; the visit stays booked', async () => {
    const p = await patient();
    await remind(p);
    const texts = (await textsTo(t, practice.id, p.phone_number!)).length;
    await inbound(t, p.phone_number!, SENDER, 'Cancel');
    expect(await threadNow(p)).toMatchObject({ unread: 1, suggestedIntent: 'cancel', optedOut: true });
    expect(await appointment(p.next_appointment.id)).toMatchObject({ cancelled: false });
    expect(await changesOf(p.next_appointment.id, 'cancelled')).toHaveLength(0);
    expect(await textsTo(t, practice.id, p.phone_number!)).toHaveLength(texts);
  });
});

describe("Twilio's OptOutType (Advanced Opt-Out)", () => {
  const withType = (from: string, body: string, type: string) =>
    postForm(t, SMS, {
      AccountSid: `AC${'1'.repeat(32)}`,
      MessageSid: newSid(),
      From: from,
      To: SENDER,
      Body: body,
      OptOutType: type,
    });
  const ledgerHas = async (phone: string) =>
    (
      await t.database.db
        .select()
        .from(optOuts)
        .where(and(eq(optOuts.practiceId, practice.id), eq(optOuts.phoneNumber, phone)))
    ).length > 0;

  it('STOP and START move the ledger for a custom keyword, and the text still reaches staff', async () => {
    const phone = '+12125550931';
    expect((await withType(phone, 'Arret', 'STOP')).statusCode).toBe(200);
    expect(await ledgerHas(phone)).toBe(true);
    const [thread] = parseResponse(
      await get(`/api/conversations?q=${phone.slice(2)}`),
      ConversationListResponseSchema,
    ).conversations;
    expect(thread).toMatchObject({ optedOut: true, unread: 1 });
    expect((await withType(phone, 'Commencer', 'START')).statusCode).toBe(200);
    expect(await ledgerHas(phone)).toBe(false);
    // HELP is Twilio's own answer: our ledger is not touched.
    expect((await withType(phone, 'Aide', 'HELP')).statusCode).toBe(200);
    expect(await ledgerHas(phone)).toBe(false);
  });
});

describe('the signed URL with and without its default port', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp({ publicBaseUrl: 'https://clinic.example' });
  });
  afterAll(() => other.close());

  it('accepts https://host:443 when PUBLIC_BASE_URL is https://host; a wrong signature is still 403', async () => {
    const params = {
      AccountSid: `AC${'1'.repeat(32)}`,
      MessageSid: newSid(),
      From: '+12125550932',
      To: SENDER,
      Body: 'Hi',
    };
    const token = sandboxOf(other).authToken;
    const send = (signature: string, form: Record<string, string> = params) =>
      other.app.inject({
        method: 'POST',
        url: SMS,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        payload: new URLSearchParams(form).toString(),
      });
    const wrong = await send(twilioSignature('not-the-token', `https://clinic.example:443${SMS}`, params));
    expect(wrong.statusCode).toBe(403);
    const withPort = await send(twilioSignature(token, `https://clinic.example:443${SMS}`, params));
    expect(withPort.statusCode, withPort.body).toBe(200);
    const again = { ...params, MessageSid: newSid() };
    expect(
      (await send(twilioSignature(token, `https://clinic.example${SMS}`, again), again)).statusCode,
    ).toBe(200);
  });
});

describe('conversations', () => {
  it('a staff text under an Idempotency-Key is sent once; the key with another text or thread is refused', async () => {
    const [one, two] = [await patient(), await patient()];
    await remind(one);
    await remind(two);
    const [first, second] = [await threadOf(one), await threadOf(two)];
    const send = (id: string, body: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/conversations/${id}/messages`,
        payload: { body },
        headers: { ...bearer(admin), 'idempotency-key': `key-${one.id}` },
      });
    const sent = await send(first.id, 'See you soon');
    expect(sent.statusCode, sent.body).toBe(201);
    const again = await send(first.id, 'See you soon');
    expect(again.statusCode).toBe(201);
    expect(again.json().message.id).toBe(sent.json().message.id);
    const count = async () => (await textsTo(t, practice.id, one.phone_number!)).length;
    const texts = await count();
    for (const [id, body] of [
      [first.id, 'Another text'],
      [second.id, 'See you soon'],
    ] as const) {
      const refused = await send(id, body);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'idempotency_key_reused' });
      expect(refused.body).not.toContain(sent.json().message.id);
    }
    expect(await count()).toBe(texts);
    // Only the texts about the visit (its booking confirmation and the reminder): none from the refused key.
    expect((await textsTo(t, practice.id, two.phone_number!)).map((m) => m.kind)).toEqual([
      'booking',
      'reminder',
    ]);
  });

  it('lists newest first, finds by name without accents or case and by digits, thread oldest first', async () => {
    await inbound(t, '+12125550911', SENDER, 'first');
    await inbound(t, '+12125550912', SENDER, 'second');
    await t.database.db
      .update(conversations)
      .set({ patientName: 'Zoë Ångström' })
      .where(eq(conversations.phoneNumber, '+12125550912'));
    const all = parseResponse(await get('/api/conversations'), ConversationListResponseSchema).conversations;
    expect(all.findIndex((c) => c.phoneNumber === '+12125550912')).toBeLessThan(
      all.findIndex((c) => c.phoneNumber === '+12125550911'),
    );
    const byName = parseResponse(
      await get(`/api/conversations?q=${encodeURIComponent('zoe ANG')}`),
      ConversationListResponseSchema,
    );
    expect(byName.conversations.map((c) => c.phoneNumber)).toEqual(['+12125550912']);
    const byDigits = parseResponse(
      await get('/api/conversations?q=555-0911'),
      ConversationListResponseSchema,
    );
    expect(byDigits.conversations.map((c) => c.phoneNumber)).toEqual(['+12125550911']);
    await inbound(t, '+12125550911', SENDER, 'third');
    const thread = parseResponse(
      await get(`/api/conversations/${byDigits.conversations[0]!.id}/messages`),
      MessageListResponseSchema,
    );
    expect(thread.messages.map((m) => m.body)).toEqual(['first', 'third']);
  });

  it('shows a sub user only the threads on their assigned numbers', async () => {
    const numbers = (await get('/api/phone-numbers')).json().phoneNumbers as { id: string; number: string }[];
    const main = numbers.find((n) => n.number === SENDER)!;
    const make = async (email: string, phoneNumberIds: string[]) => {
      const response = await post('/api/users/atomic', {
        user: { name: email, email, username: email.split('@')[0], password: 'messages-user-1' },
        permissions: { canMessages: true },
        phoneNumberIds,
      });
      expect(response.statusCode, response.body).toBe(200);
      return t.login(email, 'messages-user-1');
    };
    const assigned = await make('texts-assigned@example.com', [main.id]);
    const unassigned = await make('texts-unassigned@example.com', []);
    await inbound(t, '+12125550921', SENDER, 'scoped');
    const seen = parseResponse(await get('/api/conversations', assigned), ConversationListResponseSchema);
    expect(seen.conversations.map((c) => c.phoneNumber)).toContain('+12125550921');
    const none = parseResponse(await get('/api/conversations', unassigned), ConversationListResponseSchema);
    expect(none.conversations).toEqual([]);
    const id = seen.conversations.find((c) => c.phoneNumber === '+12125550921')!.id;
    expect((await get(`/api/conversations/${id}/messages`, unassigned)).statusCode).toBe(404);
    expect(parseResponse(await get('/api/messaging/unread', unassigned), UnreadResponseSchema).unread).toBe(
      0,
    );
  });

  it('never shows another practice’s threads, messages or opt-outs', async () => {
    const other = await createOtherPractice(t);
    const otherAdmin = await other.asAdmin();
    await inbound(t, '+12125550931', SENDER, 'STOP');
    const [thread] = parseResponse(
      await get('/api/conversations?q=5550931'),
      ConversationListResponseSchema,
    ).conversations;
    expect(
      parseResponse(await get('/api/conversations', otherAdmin), ConversationListResponseSchema)
        .conversations,
    ).toEqual([]);
    for (const [method, url, payload] of [
      ['GET', `/api/conversations/${thread!.id}/messages`],
      ['POST', `/api/conversations/${thread!.id}/messages`, { body: 'hi' }],
      ['POST', `/api/conversations/${thread!.id}/read`, {}],
      ['POST', `/api/conversations/${thread!.id}/intent`, { intent: 'question' }],
    ] as const)
      expect((await t.app.inject({ method, url, payload, headers: bearer(otherAdmin) })).statusCode).toBe(
        404,
      );
    expect(parseResponse(await get('/api/opt-outs', otherAdmin), OptOutListResponseSchema).optOuts).toEqual(
      [],
    );
    expect(
      parseResponse(await get('/api/messaging-settings', otherAdmin), MessagingSettingsSchema).senderNumber,
    ).toBeNull();
  });
});

describe('the sandbox', () => {
  it('runs the whole loop: a reply as the patient, our answer, delivered through the status webhook', async () => {
    const response = await post('/api/messaging/sandbox/inbound', { from: '(212) 555-0941', body: 'INFO' });
    const { conversationId } = parseResponse(response, SandboxInboundResponseSchema, 202);
    await sendDue(t);
    const delivered = await until(
      async () =>
        parseResponse(await get(`/api/conversations/${conversationId}/messages`), MessageListResponseSchema)
          .messages,
      (list) => list.at(-1)?.status === 'delivered',
    );
    expect(delivered.map((m) => [m.direction, m.status])).toEqual([
      ['inbound', 'received'],
      ['outbound', 'delivered'],
    ]);
    expect(delivered[1]!.body).toContain(practice.name);
  });

  it('needs a sender number, and a phone number to reply from', async () => {
    const bad = await post('/api/messaging/sandbox/inbound', { from: 'not a phone', body: 'hi' });
    expect(bad.statusCode).toBe(400);
    await setSender(t, admin, null);
    const none = await post('/api/messaging/sandbox/inbound', { from: '+12125550942', body: 'hi' });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(M.noSender);
    const [thread] = parseResponse(
      await get('/api/conversations?q=5550941'),
      ConversationListResponseSchema,
    ).conversations;
    const manual = await post(`/api/conversations/${thread!.id}/messages`, { body: 'hi' });
    expect(manual.statusCode).toBe(409);
    expect(manual.json().message).toBe(M.noSender);
    await setSender(t, admin, SENDER);
  });
});

describe('booking confirmation', () => {
  it('texts the patient once per booking when the practice has it on, with the confirmation number', async () => {
    const booking = {
      practiceId: practice.id,
      appointmentId: 'appt-booked-1',
      confirmationNumber: 'QX7K2P',
      patientId: null,
      patientName: 'Maria Lopez',
      phone: '+12125550951',
      date: '2026-09-30',
      time: '09:30',
      channel: 'call' as const,
      providerCallId: 'call-1',
    };
    await t.events.publish('appointment.created', booking);
    await t.events.publish('appointment.created', booking);
    const texts = await textsTo(t, practice.id, '+12125550951');
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ kind: 'booking', idempotencyKey: 'booking:appt-booked-1' });
    expect(texts[0]!.body).toContain('Hi Maria, your visit at');
    expect(texts[0]!.body).toContain(
      'on Wednesday, Sep 30 at 9:30 AM is booked. Confirmation number QX7K2P.',
    );
  });
});
