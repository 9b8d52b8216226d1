import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlotItem } from '#shared/schemas/schedule';
import { appointmentChanges, appointments, callbacks, patients } from '../../db/schema/index';
import { wallFromInstant } from '../../lib/wall-time';
import { listSlots, PRACTICE_ZONE, weekdaysAhead } from '../../test/schedule-dates';
import { patientWithVisit as bookPatientWithVisit } from '../../test/patient-visit';
import { bearer, consoleCall, createTestApp, platformWebhook, type TestApp } from '../../test/test-app';
import { firstPracticeId, givePracticeNumber } from '../../test/practice-number';
import { NO_TOOL_CALL_ID } from './voice-webhook.routes';
import { STAFF_CANNOT_CALL, STAFF_WILL_CALL } from './voice-webhook.service';

/**
 * Issue 24: callers reschedule and cancel by phone, only their own visits (the number calling and the
 * patient's name), atomically, and within the practice's late-change policy.
 */

let t: TestApp;
let admin: string;
let practiceId: string;
let calledNumber: string;
let serial = 0;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  practiceId = await firstPracticeId(t);
  calledNumber = (await givePracticeNumber(t)).number;
});
afterAll(() => t.close());

/** Numbers no demo patient has (the seed's exchanges are 200 to 989). */
const number = (n: number) => `+1312990${String(1000 + n)}`;

interface Answer {
  result?: Record<string, unknown>;
  error?: string;
}

/** One tool call on an inbound call from `caller`, as the voice platform sends it. */
async function onCall(
  caller: string,
  name: string,
  args: unknown,
  callId = `call-${++serial}`,
): Promise<Answer> {
  const response = await platformWebhook(t.app, {
    message: {
      type: 'tool-calls',
      toolCallList: [{ id: `tc-${++serial}`, type: 'function', function: { name, arguments: args } }],
      phoneNumber: { number: calledNumber },
      call: { id: callId, type: 'inboundPhoneCall', customer: { number: caller } },
    },
  });
  expect(response.statusCode).toBe(200);
  const [reply] = response.json().results as { result?: string; error?: string }[];
  return reply!.result ? { result: JSON.parse(reply!.result) } : { error: reply!.error };
}

/** A patient of the test's own with a cleaning booked by staff at the first free time of `date`. */
const patientWithVisit = (name: string, phone: string, date: string) =>
  bookPatientWithVisit(t, admin, { name, phone, date });

const rowOf = async (id: string) =>
  (await t.database.db.select().from(appointments).where(eq(appointments.id, id)))[0]!;
const wallOf = (instant: Date) => wallFromInstant(instant, PRACTICE_ZONE);
const callbacksFrom = (phone: string) =>
  t.database.db
    .select()
    .from(callbacks)
    .where(and(eq(callbacks.practiceId, practiceId), eq(callbacks.callerNumber, phone)));
const callbacksOfCall = (providerCallId: string) =>
  t.database.db
    .select()
    .from(callbacks)
    .where(and(eq(callbacks.practiceId, practiceId), eq(callbacks.providerCallId, providerCallId)));
const changesOf = (ref: string) =>
  t.database.db
    .select()
    .from(appointmentChanges)
    .where(and(eq(appointmentChanges.practiceId, practiceId), eq(appointmentChanges.appointmentRef, ref)));

/** A free time for the visit's own provider on `date`, other than `not`. */
async function freeTimeOn(date: string, provider: string, not?: string): Promise<SlotItem> {
  const slots = await listSlots(t.app, admin, date, provider, 'dental_cleaning');
  const slot = slots.find((s) => s.time !== not);
  if (!slot) throw new Error(`nothing free on ${date}`);
  return slot;
}

const setLateChangeHours = async (hours: number) => {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/outbound-settings',
    headers: bearer(admin),
    payload: { lateChangeHours: hours },
  });
  expect(response.statusCode).toBe(200);
  expect(response.json().lateChangeHours).toBe(hours);
};

describe('looking people up by voice', () => {
  it('names the patient behind the number calling, and behind another number only to the one who says the name', async () => {
    const [date] = weekdaysAhead(t.clock.now(), 3, 1);
    const ana = await patientWithVisit('Ana Sofía Reyes', number(1), date!);
    const own = await onCall(ana.phone, 'findPatient', {});
    expect(own.result).toMatchObject({ success: true, patient: { name: 'Ana Sofía Reyes' } });

    const stranger = number(2);
    const other = await onCall(stranger, 'findPatient', { phone_number: ana.phone });
    expect(other.result).toMatchObject({ success: false, patient: null });
    expect(other.result!.message).toMatch(/There is a record for that number/);
    expect(JSON.stringify(other)).not.toMatch(/Ana|Reyes/);
    const wrong = await onCall(stranger, 'find_patient', {
      phone_number: ana.phone,
      patient_name: 'Maria Reyes',
    });
    expect(JSON.stringify(wrong)).not.toMatch(/Ana|Sofía/);
    const right = await onCall(stranger, 'findPatient', {
      phone_number: ana.phone,
      patient_name: 'ana reyes',
    });
    expect(right.result).toMatchObject({ success: true, patient: { name: 'Ana Sofía Reyes' } });

    // Signed-in staff find anyone by number, as before.
    const staff = await consoleCall(t.app, admin, 'findPatient', { phone_number: ana.phone });
    expect(staff.json()).toMatchObject({ success: true, patient: { name: 'Ana Sofía Reyes' } });
  });

  it('on a number several patients share, names the one whose name is said, and asks whose when none is', async () => {
    const [date] = weekdaysAhead(t.clock.now(), 4, 1);
    const shared = number(40);
    await patientWithVisit('John Lopez', shared, date!);
    await patientWithVisit('Maria Lopez', shared, date!);
    for (const said of ['Maria Lopez', 'maria']) {
      const maria = await onCall(shared, 'findPatient', { patient_name: said });
      expect(maria.result).toMatchObject({ success: true, patient: { name: 'Maria Lopez' } });
    }
    const whose = await onCall(shared, 'findPatient', {});
    expect(whose.result).toMatchObject({ success: false, patient: null });
    expect(whose.result!.message).toMatch(/Several patients share this number/);
    // A number given up and handed to someone else: the new owner's name finds no one's record.
    const stranger = await onCall(shared, 'findPatient', { patient_name: 'Bob Jones' });
    expect(stranger.result).toMatchObject({ success: false, patient: null });
    for (const answer of [whose, stranger]) expect(JSON.stringify(answer)).not.toMatch(/John|Maria/);
  });

  it("tells a visit's day, time and confirmation number only to its patient's own number", async () => {
    const [date] = weekdaysAhead(t.clock.now(), 5, 1);
    const ana = await patientWithVisit('Ana Paula Ortiz', number(41), date!);
    const sameTime = {
      appointment_type: 'dental_cleaning',
      date: ana.date,
      time: ana.slot.time,
      patient_info: { name: 'Ana Paula Ortiz', phone_number: ana.phone },
    };
    const fromStranger = await onCall(number(42), 'bookAppointment', sameTime);
    expect(JSON.stringify(fromStranger)).not.toMatch(/already has an appointment|confirmation number/);
    expect(JSON.stringify(fromStranger)).not.toContain(ana.row.confirmationNumber);
    const fromHerself = await onCall(ana.phone, 'bookAppointment', sameTime);
    expect(JSON.stringify(fromHerself)).toMatch(/already has an appointment/);
  });
});

describe('the appointment ledger', () => {
  it('records a booking made on a call with its call, and one by staff as staff', async () => {
    const [date] = weekdaysAhead(t.clock.now(), 9, 1);
    const [slot] = await listSlots(t.app, admin, date!, 'first_available', 'dental_cleaning');
    const onPhone = await onCall(
      number(18),
      'bookAppointment',
      {
        appointment_type: 'dental_cleaning',
        date,
        time: slot!.time,
        provider_id: slot!.provider_id,
        patient_info: { name: 'Una Vale', phone_number: number(18) },
      },
      'call-una',
    );
    const confirmation = (onPhone.result!.appointment as { confirmation_number: string }).confirmation_number;
    const [row] = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.confirmationNumber, confirmation));
    expect(await changesOf(row!.id)).toEqual([
      expect.objectContaining({
        change: 'created',
        channel: 'call',
        providerCallId: 'call-una',
        toStart: row!.startsAt,
      }),
    ]);
    const byStaff = await patientWithVisit('Vic Staff', number(19), date!);
    expect(await changesOf(byStaff.id)).toEqual([
      expect.objectContaining({ change: 'created', channel: 'staff', providerCallId: null }),
    ]);
  });
});

describe('booking by patient id on a call', () => {
  it('books for a patient on the number calling, or one on another number whose name the caller says; no one else', async () => {
    const [date, other] = weekdaysAhead(t.clock.now(), 10, 2);
    const wes = await patientWithVisit('Wes Arden', number(20), other!);
    const slots = await listSlots(t.app, admin, date!, 'first_available', 'dental_checkup');
    const book = (caller: string, slot: SlotItem, info?: { name: string; phone_number: string }) =>
      onCall(caller, 'bookAppointment', {
        appointment_type: 'dental_checkup',
        date,
        time: slot.time,
        provider_id: slot.provider_id,
        patient_id: wes.row.patientId,
        ...(info && { patient_info: info }),
      });
    const stranger = await book(number(21), slots[1]!);
    expect(stranger.error).toMatch(/patient_id must be a patient on the number calling/);
    expect(JSON.stringify(stranger)).not.toContain('Wes');
    const wrongName = await book(number(21), slots[1]!, { name: 'Wes Smith', phone_number: wes.phone });
    expect(wrongName.error).toMatch(/patient_id must be/);
    const named = await book(number(21), slots[1]!, { name: 'wes arden', phone_number: wes.phone });
    expect(named.result).toMatchObject({ success: true, appointment: { patient_name: 'Wes Arden' } });
    const own = await book(wes.phone, slots[3]!);
    expect(own.result).toMatchObject({ success: true });
  });
});

describe('findAppointments', () => {
  it("lists the caller's own upcoming visits and nobody else's", async () => {
    const [first, second] = weekdaysAhead(t.clock.now(), 3, 2);
    const ben = await patientWithVisit('Ben Okafor', number(3), first!);
    const cleo = await patientWithVisit('Cleo Marsh', number(4), second!);
    const found = await onCall(ben.phone, 'findAppointments', {});
    expect(found.result).toMatchObject({
      success: true,
      appointments: [
        {
          appointment_id: ben.id,
          date: first,
          time: ben.slot.time,
          appointment_type: 'Dental Cleaning',
        },
      ],
    });
    expect(JSON.stringify(found)).not.toContain(cleo.id);
    // A number no patient has, or a name nobody on the number has: a person calls back, nothing is said.
    const nobody = await onCall(number(5), 'findAppointments', {});
    expect(nobody).toEqual({ error: STAFF_WILL_CALL });
    const notBen = await onCall(ben.phone, 'findAppointments', { patient_name: 'Cleo Marsh' });
    expect(notBen).toEqual({ error: STAFF_WILL_CALL });
    expect(await callbacksFrom(ben.phone)).toHaveLength(1);
  });

  it('asks whose visits when several patients share the number, and answers for the one named', async () => {
    const [first, second] = weekdaysAhead(t.clock.now(), 4, 2);
    const mum = await patientWithVisit('Dana Holt', number(6), first!);
    const son = await patientWithVisit('Eli Holt', number(6), second!);
    const both = await onCall(mum.phone, 'findAppointments', {});
    expect(both.error).toMatch(/Several patients share the number/);
    const named = await onCall(mum.phone, 'findAppointments', { patient_name: 'Eli Holt' });
    const ids = (named.result!.appointments as { appointment_id: string }[]).map((a) => a.appointment_id);
    expect(ids).toEqual([son.id]);
  });

  it('is for phone calls only', async () => {
    const response = await consoleCall(t.app, admin, 'findAppointments', {});
    expect(response.statusCode).toBe(400);
  });
});

describe('rescheduleAppointment', () => {
  it('moves the visit, keeps its confirmation number, and records the change', async () => {
    const [date, later] = weekdaysAhead(t.clock.now(), 3, 2);
    const fay = await patientWithVisit('Fay Lund', number(7), date!);
    const to = await freeTimeOn(later!, fay.slot.provider_id);
    const moved = await onCall(
      fay.phone,
      'reschedule_appointment',
      { appointment_id: fay.id, patient_name: 'Fay Lund', date: later, time: to.time },
      'call-fay',
    );
    expect(moved.result).toMatchObject({
      success: true,
      appointment: { confirmation_number: fay.row.confirmationNumber, date: later, time: to.time },
    });
    const row = await rowOf(fay.id);
    expect(wallOf(row.startsAt)).toBe(`${later}T${to.time}:00`);
    expect(row.endsAt.getTime() - row.startsAt.getTime()).toBe(
      fay.row.endsAt.getTime() - fay.row.startsAt.getTime(),
    );
    const changes = await changesOf(fay.id);
    expect(changes.map((c) => c.change).sort()).toEqual(['created', 'rescheduled']);
    expect(changes.find((c) => c.change === 'rescheduled')).toMatchObject({
      channel: 'call',
      providerCallId: 'call-fay',
      fromStart: fay.row.startsAt,
      toStart: row.startsAt,
    });
  });

  it('refuses a caller who gives another patient’s name, tells them nothing, and opens a callback', async () => {
    const [date, later] = weekdaysAhead(t.clock.now(), 3, 2);
    const gus = await patientWithVisit('Gus Abara', number(8), date!);
    const ivy = await patientWithVisit('Ivy Nolan', number(9), date!);
    const to = await freeTimeOn(later!, gus.slot.provider_id);
    for (const [caller, name, id] of [
      [gus.phone, 'Ivy Nolan', ivy.id], // the other patient's name and visit, from Gus's phone
      [gus.phone, 'Ivy Nolan', gus.id], // the other patient's name on Gus's visit
      [ivy.phone, 'Ivy Nolan', gus.id], // Ivy's own name on Gus's visit
      [number(10), 'Gus Abara', gus.id], // a stranger's phone
    ] as const) {
      const refused = await onCall(caller, 'rescheduleAppointment', {
        appointment_id: id,
        patient_name: name,
        date: later,
        time: to.time,
      });
      expect(refused).toEqual({ error: STAFF_WILL_CALL });
    }
    expect(wallOf((await rowOf(gus.id)).startsAt)).toBe(wallOf(gus.row.startsAt));
    expect(wallOf((await rowOf(ivy.id)).startsAt)).toBe(wallOf(ivy.row.startsAt));
    expect(await callbacksFrom(gus.phone)).toHaveLength(2);
    expect((await callbacksFrom(number(10)))[0]).toMatchObject({ status: 'open', callerName: 'Gus Abara' });
  });

  it('leaves the visit where it was when the new time is taken, and offers the nearest free times', async () => {
    const [date] = weekdaysAhead(t.clock.now(), 5, 1);
    const hal = await patientWithVisit('Hal Brandt', number(11), date!);
    const jo = await patientWithVisit('Jo Winter', number(12), date!);
    const taken = wallOf(jo.row.startsAt).slice(11, 16);
    const answer = await onCall(hal.phone, 'rescheduleAppointment', {
      appointment_id: hal.id,
      patient_name: 'Hal Brandt',
      date,
      time: taken,
      provider_id: jo.row.providerId,
    });
    expect(answer.error).toMatch(
      /is not free, so the appointment was not moved\. The nearest open times are/,
    );
    expect(wallOf((await rowOf(hal.id)).startsAt)).toBe(wallOf(hal.row.startsAt));
  });

  it('two callers moving into one time at once: one wins, the other keeps the old time', async () => {
    const [date, later] = weekdaysAhead(t.clock.now(), 6, 2);
    const kim = await patientWithVisit('Kim Sato', number(13), date!);
    const lou = await patientWithVisit('Lou Perez', number(14), date!);
    const target = await freeTimeOn(later!, kim.slot.provider_id);
    const move = (p: typeof kim) =>
      onCall(p.phone, 'rescheduleAppointment', {
        appointment_id: p.id,
        patient_name: p.name,
        date: later,
        time: target.time,
        provider_id: target.provider_id,
      });
    const answers = await Promise.all([move(kim), move(lou)]);
    expect(answers.filter((a) => a.result?.success)).toHaveLength(1);
    const loser = answers[0]!.result?.success ? lou : kim;
    expect(wallOf((await rowOf(loser.id)).startsAt)).toBe(wallOf(loser.row.startsAt));
    const winner = loser === kim ? lou : kim;
    expect(wallOf((await rowOf(winner.id)).startsAt)).toBe(`${later}T${target.time}:00`);
  });

  it('a repeated tool call (the platform retrying) moves once', async () => {
    const [date, later] = weekdaysAhead(t.clock.now(), 7, 2);
    const max = await patientWithVisit('Max Idle', number(15), date!);
    const to = await freeTimeOn(later!, max.slot.provider_id);
    const args = { appointment_id: max.id, patient_name: 'Max Idle', date: later, time: to.time };
    const payload = {
      message: {
        type: 'tool-calls',
        toolCallList: [
          {
            id: 'tc-retry-1',
            type: 'function',
            function: { name: 'rescheduleAppointment', arguments: args },
          },
        ],
        phoneNumber: { number: calledNumber },
        call: { id: 'call-retry', type: 'inboundPhoneCall', customer: { number: max.phone } },
      },
    };
    const send = () => platformWebhook(t.app, payload);
    const [a, b] = [await send(), await send()];
    const resultOf = (r: typeof a) => JSON.parse(r.json().results[0].result) as unknown;
    expect(resultOf(a)).toMatchObject({ success: true });
    expect(resultOf(b)).toEqual(resultOf(a));
    expect((await changesOf(max.id)).filter((c) => c.change === 'rescheduled')).toHaveLength(1);
  });

  it('a tool call without an id is not run: it would share its retry key with every other one', async () => {
    const [date, later] = weekdaysAhead(t.clock.now(), 8, 2);
    const ned = await patientWithVisit('Ned Blank', number(47), date!);
    const ora = await patientWithVisit('Ora Blank', number(48), date!);
    const to = await freeTimeOn(later!, ned.slot.provider_id);
    const move = async (p: typeof ned, callId: string) => {
      const response = await platformWebhook(t.app, {
        message: {
          type: 'tool-calls',
          toolCallList: [
            {
              id: '',
              type: 'function',
              function: {
                name: 'rescheduleAppointment',
                arguments: { appointment_id: p.id, patient_name: p.name, date: later, time: to.time },
              },
            },
          ],
          phoneNumber: { number: calledNumber },
          call: { id: callId, type: 'inboundPhoneCall', customer: { number: p.phone } },
        },
      });
      expect(response.statusCode).toBe(200);
      return (response.json().results as { result?: string; error?: string }[])[0]!;
    };
    expect(await move(ned, 'call-blank-1')).toMatchObject({ error: NO_TOOL_CALL_ID });
    expect(await move(ora, 'call-blank-2')).toMatchObject({ error: NO_TOOL_CALL_ID });
    expect(wallOf((await rowOf(ned.id)).startsAt)).toBe(wallOf(ned.row.startsAt));
    expect(wallOf((await rowOf(ora.id)).startsAt)).toBe(wallOf(ora.row.startsAt));
  });
});

describe('what a caller is told when staff take over', () => {
  it('promises no call back "at this number" to a caller whose number is withheld', async () => {
    const [date] = weekdaysAhead(t.clock.now(), 3, 1);
    const una = await patientWithVisit('Uma Withheld', number(44), date!);
    const response = await platformWebhook(t.app, {
      message: {
        type: 'tool-calls',
        toolCallList: [
          {
            id: 'tc-withheld',
            type: 'function',
            function: {
              name: 'cancelAppointment',
              arguments: { appointment_id: una.id, patient_name: una.name },
            },
          },
        ],
        phoneNumber: { number: calledNumber },
        call: { id: 'call-withheld', type: 'inboundPhoneCall', customer: {} },
      },
    });
    expect(response.statusCode).toBe(200);
    const [reply] = response.json().results as { error?: string }[];
    expect(reply!.error).toBe(STAFF_CANNOT_CALL);
    expect(reply!.error).not.toMatch(/this number/);
    expect((await rowOf(una.id)).status).toBe('pending');
    const [task] = await callbacksOfCall('call-withheld');
    expect(task).toMatchObject({ callerNumber: null, callerName: 'Uma Withheld' });
  });

  it("a second request on the same call reaches the call's task", async () => {
    const [date] = weekdaysAhead(t.clock.now(), 4, 1);
    const vera = await patientWithVisit('Vera Twice', number(45), date!);
    const stranger = number(46);
    const first = await onCall(stranger, 'findAppointments', {}, 'call-twice');
    expect(first).toEqual({ error: STAFF_WILL_CALL });
    const second = await onCall(
      stranger,
      'cancelAppointment',
      { appointment_id: vera.id, patient_name: 'Vera Twice' },
      'call-twice',
    );
    expect(second).toEqual({ error: STAFF_WILL_CALL });
    const tasks = await callbacksOfCall('call-twice');
    expect(tasks).toHaveLength(1);
    expect(tasks[0]!.note).toContain('Called about their appointments');
    expect(tasks[0]!.note).toContain('Called to cancel an appointment');
  });
});

describe('the late-change policy and cancelling', () => {
  it('sends changes inside the practice’s hours to staff, and lets them through once the policy allows', async () => {
    const [date, later] = weekdaysAhead(t.clock.now(), 3, 2);
    const nia = await patientWithVisit('Nia Stone', number(16), date!);
    // A week: any visit in the next few weekdays is a late change.
    await setLateChangeHours(168);
    const to = await freeTimeOn(later!, nia.slot.provider_id);
    const late = await onCall(nia.phone, 'rescheduleAppointment', {
      appointment_id: nia.id,
      patient_name: 'Nia Stone',
      date: later,
      time: to.time,
    });
    expect(late.error).toBe(
      'Changes less than 168 hours before a visit are made by our staff. I have asked them to call you back at this number.',
    );
    const cancelLate = await onCall(nia.phone, 'cancelAppointment', {
      appointment_id: nia.id,
      patient_name: 'Nia Stone',
    });
    expect(cancelLate.error).toMatch(/less than 168 hours/);
    expect((await rowOf(nia.id)).status).toBe('pending');
    const [task] = await callbacksFrom(nia.phone);
    expect(task!.note).toMatch(/^Called to move the visit on .+: less than 168 hours ahead\.$/);

    await setLateChangeHours(24);
    const needsName = await onCall(nia.phone, 'cancelAppointment', { appointment_id: nia.id });
    expect(needsName.error).toMatch(/patient_name is required/);
    const cancelled = await onCall(nia.phone, 'cancelAppointment', {
      appointment_id: nia.id,
      patient_name: 'nia stone',
    });
    expect(cancelled.result).toMatchObject({ success: true, status: 'cancelled' });
    expect((await rowOf(nia.id)).status).toBe('cancelled');
    expect((await changesOf(nia.id)).find((c) => c.change === 'cancelled')).toMatchObject({
      channel: 'call',
      late: false,
    });
  });

  it('says a cancellation was made when it was, even if its record here could not be written', async () => {
    const [date] = weekdaysAhead(t.clock.now(), 8, 1);
    const pia = await patientWithVisit('Pia Grant', number(43), date!);
    await setLateChangeHours(0);
    const db = t.database.db;
    await db.execute(sql`
      create function refuse_ledger() returns trigger language plpgsql as $$
      begin raise exception 'ledger unavailable'; end $$`);
    await db.execute(sql`
      create trigger refuse_ledger before insert on appointment_changes
      for each row execute function refuse_ledger()`);
    try {
      const cancelled = await onCall(pia.phone, 'cancelAppointment', {
        appointment_id: pia.id,
        patient_name: 'Pia Grant',
      });
      expect(cancelled.result).toMatchObject({ success: true, status: 'cancelled' });
    } finally {
      await db.execute(sql`drop trigger refuse_ledger on appointment_changes`);
      await db.execute(sql`drop function refuse_ledger()`);
    }
    expect((await rowOf(pia.id)).status).toBe('cancelled');
  });

  it('records a cancellation less than 24 hours before the visit as late', async () => {
    const [date] = weekdaysAhead(t.clock.now(), 8, 1);
    const oz = await patientWithVisit('Oz Ferro', number(17), date!);
    await setLateChangeHours(0);
    // Two hours before the visit.
    t.clock.advanceMinutes((oz.row.startsAt.getTime() - t.clock.now().getTime()) / 60_000 - 120);
    const cancelled = await onCall(oz.phone, 'cancelAppointment', {
      appointment_id: oz.id,
      patient_name: 'Oz Ferro',
    });
    expect(cancelled.result).toMatchObject({ success: true });
    expect((await changesOf(oz.id)).find((c) => c.change === 'cancelled')).toMatchObject({ late: true });
    const [patient] = await t.database.db.select().from(patients).where(eq(patients.phone, oz.phone));
    expect(patient).toBeDefined();
  });
});
