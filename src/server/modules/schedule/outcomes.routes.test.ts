import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppointmentListResponseSchema, AppointmentResponseSchema } from '#shared/schemas/schedule';
import {
  appointmentChanges,
  appointments,
  calls,
  connectors,
  outboundCalls,
  outcomeSyncs,
  patients,
  providers,
  visits,
} from '../../db/schema/index';
import {
  fakeAppointment,
  fakeContact,
  startFakeKolla,
  type FakeKolla,
} from '../../integrations/practice-management/kolla/fake-kolla-server';
import { outcomeSyncJob } from '../../jobs/outcome-sync';
import type { JobDefinition } from '../../jobs/queue';
import { parseResponse } from '../../test/parse-response';
import { firstPracticeId, givePracticeNumber } from '../../test/practice-number';
import { addDays, listSlots, practiceToday, weekdaysAhead } from '../../test/schedule-dates';
import { bearer, consoleCall, createTestApp, platformWebhook, type TestApp } from '../../test/test-app';

/**
 * The outcomes of visits (issue 25): staff mark a visit of the built-in schedule kept or a no-show once it has
 * started; the product's bookings carry their type and whether the patient was new, its cancellations their
 * outcome; a schedule kept in Kolla is polled for what it changed (broken apart from cancelled).
 */

let t: TestApp;
let admin: string;
let practiceId: string;
const HOUR = 3600_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  practiceId = await firstPracticeId(t);
});
afterAll(() => t.close());

/** A visit of our own patient with our own provider, starting `hoursFromNow` from now (negative: past). */
async function visit(hoursFromNow: number, status: 'pending' | 'confirmed' | 'cancelled' = 'confirmed') {
  const db = t.database.db;
  const [provider] = await db
    .insert(providers)
    .values({ practiceId, name: 'Outcome Doc', displayName: 'Dr. Outcome', kind: 'dentist' })
    .returning();
  const [patient] = await db
    .insert(patients)
    .values({ practiceId, givenName: 'Olive', familyName: 'Outcome', phone: '+12125550177' })
    .returning();
  const startsAt = new Date(t.clock.now().getTime() + hoursFromNow * HOUR);
  const [row] = await db
    .insert(appointments)
    .values({
      practiceId,
      patientId: patient!.id,
      providerId: provider!.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + HOUR / 2),
      status,
      confirmationNumber: `OUT${Math.round(Math.random() * 1e9)}`,
    })
    .returning();
  return row!;
}

const mark = (id: string, outcome: unknown, session = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/appointments/${id}/outcome`,
    headers: bearer(session),
    payload: { outcome },
  });

const visitOf = async (ref: string) =>
  (
    await t.database.db
      .select()
      .from(visits)
      .where(and(eq(visits.practiceId, practiceId), eq(visits.appointmentRef, ref)))
  )[0];
const outcomeOf = async (ref: string) => {
  const visit = await visitOf(ref);
  return visit?.outcome
    ? { outcome: visit.outcome, late: visit.late, origin: visit.outcomeOrigin }
    : undefined;
};

describe('staff mark a visit that has started (built-in schedule)', () => {
  it('kept, then corrected to a no-show: the calendar shows it and the outcome is recorded', async () => {
    const past = await visit(-2);
    const kept = parseResponse(await mark(past.id, 'kept'), AppointmentResponseSchema).appointment;
    expect(kept).toMatchObject({ completed: true, cancelled: false, no_show: false });
    expect(await outcomeOf(past.id)).toMatchObject({ outcome: 'kept', origin: 'staff', late: false });

    const missed = parseResponse(await mark(past.id, 'no_show'), AppointmentResponseSchema).appointment;
    expect(missed).toMatchObject({ completed: false, cancelled: true, no_show: true });
    expect(await outcomeOf(past.id)).toMatchObject({ outcome: 'no_show', origin: 'staff' });

    const day = practiceToday(new Date(past.startsAt.getTime()));
    const week = await t.app.inject({
      method: 'GET',
      url: `/api/appointments?start=${day}&end=${addDays(day, 1)}`,
      headers: bearer(admin),
    });
    const listed = parseResponse(week, AppointmentListResponseSchema).appointments.find(
      (a) => a.remote_id === past.id,
    );
    expect(listed).toMatchObject({ no_show: true, cancelled: true });
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, past.id));
    expect(row!.status).toBe('no_show');
    const audit = await t.auditOf(past.id, (entries) => entries.length >= 2);
    expect(audit.map((e) => [e.action, e.detail])).toEqual([
      ['appointment.settle', 'kept'],
      ['appointment.settle', 'no_show'],
    ]);
  });

  it('refuses a visit not started yet or cancelled (409), an unknown one (404), a bad outcome (400)', async () => {
    const ahead = await visit(3);
    const refused = await mark(ahead.id, 'kept');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A visit can be marked kept or no-show once it has started.');
    const cancelled = await visit(-5, 'cancelled');
    expect((await mark(cancelled.id, 'no_show')).json().message).toBe(
      'A cancelled visit cannot be marked kept or no-show.',
    );
    expect((await mark('00000000-0000-4000-8000-000000000000', 'kept')).statusCode).toBe(404);
    const bad = await mark(ahead.id, 'maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('outcome must be kept or no_show.');
    const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, ahead.id));
    expect(row!.status).toBe('confirmed');
    expect(await outcomeOf(ahead.id)).toBeUndefined();
  });
});

describe("a patient's visits for Book Appointment", () => {
  it('counts the last two years by outcome, and those ahead; an unknown patient has none', async () => {
    const db = t.database.db;
    const [patient] = await db
      .insert(patients)
      .values({ practiceId, givenName: 'Hal', familyName: 'History', phone: '+12125550155' })
      .returning();
    const [provider] = await db
      .insert(providers)
      .values({ practiceId, name: 'History Doc', displayName: 'Dr. History', kind: 'dentist' })
      .returning();
    const at = (hours: number) => new Date(t.clock.now().getTime() + hours * HOUR);
    const statuses = ['completed', 'completed', 'no_show', 'cancelled', 'confirmed', 'pending'] as const;
    const hours = [-24 * 400, -24 * 30, -24 * 20, -24 * 10, -3, 24 * 7];
    await db.insert(appointments).values(
      statuses.map((status, i) => ({
        practiceId,
        patientId: patient!.id,
        providerId: provider!.id,
        startsAt: at(hours[i]!),
        endsAt: at(hours[i]! + 0.5),
        status,
        confirmationNumber: `HIS${i}${Math.round(Math.random() * 1e6)}`,
      })),
    );
    const visits = async (id: string) =>
      t.app.inject({ method: 'GET', url: `/api/patient-visits?patientId=${id}`, headers: bearer(admin) });
    expect((await visits(patient!.id)).json()).toEqual({
      kept: 2,
      noShow: 1,
      cancelled: 1,
      unresolved: 1,
      upcoming: 1,
    });
    expect((await visits('someone-else')).json()).toEqual({
      kept: 0,
      noShow: 0,
      cancelled: 0,
      unresolved: 0,
      upcoming: 0,
    });
  });
});

describe("a booking's visit: where it came from", () => {
  it('a call, a recall call or a reminder call, and the call it was made on with its assistant and number', async () => {
    const line = await givePracticeNumber(t);
    const db = t.database.db;
    await db.insert(calls).values({
      practiceId,
      providerId: 'src-inbound',
      status: 'in-progress',
      type: 'inboundPhoneCall',
      phoneNumberId: line.id,
    });
    const placed = (id: string, callType: string) => ({
      practiceId,
      patientId: 'p',
      patientName: 'Pat',
      phoneNumber: '+12125550100',
      callType: callType as 'reminder',
      status: 'calling' as const,
      assistantId: line.id,
      phoneNumberId: line.id,
      vapiCallId: id,
    });
    // The recall call type comes from another branch: compared as text.
    await db
      .insert(outboundCalls)
      .values([placed('src-recall', 'recall'), placed('src-reminder', 'reminder')]);
    const days = weekdaysAhead(t.clock.now(), 8, 4);
    const bookOn = async (callId: string, type: string, date: string, n: number) => {
      const [slot] = await listSlots(t.app, admin, date, 'first_available', 'dental_checkup');
      const response = await platformWebhook(t.app, {
        message: {
          type: 'tool-calls',
          toolCallList: [
            {
              id: `src-tc-${n}`,
              type: 'function',
              function: {
                name: 'bookAppointment',
                arguments: {
                  appointment_type: 'dental_checkup',
                  date,
                  time: slot!.time,
                  patient_info: { name: `Source Person${n}`, phone_number: `+1312990${7000 + n}` },
                },
              },
            },
          ],
          phoneNumber: { number: line.number },
          call: { id: callId, type, customer: { number: `+1312990${7000 + n}` } },
        },
      });
      const result = JSON.parse(response.json().results[0].result);
      expect(result.success, response.body).toBe(true);
      const [row] = await db
        .select()
        .from(appointments)
        .where(eq(appointments.confirmationNumber, result.appointment.confirmation_number));
      return visitOf(row!.id);
    };
    expect(await bookOn('src-inbound', 'inboundPhoneCall', days[0]!, 1)).toMatchObject({
      source: 'call',
      providerCallId: 'src-inbound',
      phoneNumberId: line.id,
      appointmentType: 'dental_checkup',
      newPatient: true,
    });
    expect(await bookOn('src-recall', 'outboundPhoneCall', days[1]!, 2)).toMatchObject({ source: 'recall' });
    expect(await bookOn('src-reminder', 'outboundPhoneCall', days[2]!, 3)).toMatchObject({
      source: 'outbound',
    });
    // A call not stored yet: its visit knows the call's platform id only (analytics looks the call up later).
    const early = await bookOn('src-not-stored', 'inboundPhoneCall', days[3]!, 4);
    expect(early).toMatchObject({ source: 'call', providerCallId: 'src-not-stored', callId: null });
  });
});

describe("the product's own bookings and cancellations", () => {
  it('write the type booked and a new patient into the ledger, and a cancellation its outcome', async () => {
    const [date, nextDate] = weekdaysAhead(t.clock.now(), 6, 2) as [string, string];
    const [slot] = await listSlots(t.app, admin, date, 'first_available', 'dental_checkup');
    const booked = await consoleCall(t.app, admin, 'bookAppointment', {
      appointment_type: 'dental_checkup',
      date,
      time: slot!.time,
      patient_info: { name: 'Nina Newcomer', phone_number: '+12125550166' },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const result = booked.json();
    const [stored] = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.confirmationNumber, result.appointment.confirmation_number));
    const [line] = await t.database.db
      .select()
      .from(appointmentChanges)
      .where(
        and(eq(appointmentChanges.appointmentRef, stored!.id), eq(appointmentChanges.change, 'created')),
      );
    expect(line).toMatchObject({ channel: 'staff' });
    expect(await visitOf(stored!.id)).toMatchObject({
      source: 'staff',
      appointmentType: 'dental_checkup',
      newPatient: true,
      startsAt: stored!.startsAt,
      callId: null,
    });

    const confirmed = await consoleCall(t.app, admin, 'confirmAppointment', { appointment_id: stored!.id });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await visitOf(stored!.id))?.confirmedAt).toBeInstanceOf(Date);

    const cancelled = await consoleCall(t.app, admin, 'cancelAppointment', { appointment_id: stored!.id });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await outcomeOf(stored!.id)).toMatchObject({
      outcome: 'cancelled',
      late: false,
      origin: 'change',
    });

    // The same patient again: not new.
    const [again] = await listSlots(t.app, admin, nextDate, 'first_available', 'dental_checkup');
    const second = await consoleCall(t.app, admin, 'bookAppointment', {
      appointment_type: 'filling',
      date: nextDate,
      time: again!.time,
      patient_info: { name: 'Nina Newcomer', phone_number: '+12125550166' },
    });
    expect(second.statusCode, second.body).toBe(200);
    const rows = await t.database.db
      .select({ newPatient: visits.newPatient, type: visits.appointmentType })
      .from(visits)
      .where(eq(visits.practiceId, practiceId));
    expect(rows.filter((l) => l.type === 'filling').map((l) => l.newPatient)).toEqual([false]);
  });
});

describe('a schedule kept in Kolla', () => {
  let fake: FakeKolla;
  let kolla: TestApp;
  let kollaPractice: string;
  const sync = async () => {
    const schedule = kolla.modules.schedule.service;
    return schedule.syncOutcomes(await schedule.forPractice((await schedule.practice(kollaPractice))!));
  };

  beforeAll(async () => {
    fake = await startFakeKolla({ timeZone: 'America/New_York' });
    kolla = await createTestApp({ kolla: { apiKey: fake.state.apiKey, baseUrl: fake.url } });
    kollaPractice = await firstPracticeId(kolla);
    await kolla.database.db.update(connectors).set({ isActive: false });
    await kolla.database.db.insert(connectors).values({
      practiceId: kollaPractice,
      name: 'Sunrise Dental',
      connectorId: fake.state.connectorId,
      consumerId: fake.state.consumerId,
    });
  });
  afterAll(async () => {
    await kolla.close();
    await fake.close();
  });

  it('reads what changed since the last sync and keeps the outcomes of the visits the product touched', async () => {
    const now = kolla.clock.now();
    const iso = (hours: number) =>
      new Date(now.getTime() + hours * HOUR).toISOString().replace(/\.\d+Z$/, 'Z');
    const ann = fakeContact(fake.state, { given_name: 'Ann', family_name: 'Lee', phone: '(555) 123-4567' });
    // Visits two days ago at 10:00 (New York time) and the time they last changed.
    const day = addDays(practiceToday(now), -2);
    const visitAt = (hour: number, flags: object, updated: string) =>
      Object.assign(
        fakeAppointment(fake.state, {
          contact: ann,
          providerId: '1',
          operatoryId: '5',
          wallStart: `${day} ${String(hour).padStart(2, '0')}:00:00`,
          minutes: 30,
        }),
        { update_time: updated, ...flags },
      );
    const kept = visitAt(9, { completed: true }, iso(-40));
    const noShow = visitAt(10, { broken: true }, iso(-30));
    const brokenEarly = visitAt(11, { broken: true }, iso(-24 * 5));
    const lateCancel = visitAt(12, { cancelled: true }, iso(-50));
    const untouched = visitAt(13, { completed: true }, iso(-20));
    const touched = [kept, noShow, brokenEarly, lateCancel].map((a) => a.remote_id);
    await kolla.database.db.insert(visits).values(
      touched.map((ref) => ({
        practiceId: kollaPractice,
        appointmentRef: ref,
        bookedAt: new Date(now.getTime() - 10 * 24 * HOUR),
        source: 'call',
      })),
    );

    expect(await sync()).toEqual({ read: 5, recorded: 4 });
    const outcomes = await kolla.database.db
      .select()
      .from(visits)
      .where(eq(visits.practiceId, kollaPractice));
    const byRef = new Map(outcomes.map((o) => [o.appointmentRef, [o.outcome, o.late, o.outcomeOrigin]]));
    expect(byRef.get(kept.remote_id)).toEqual(['kept', false, 'practice_system']);
    expect(byRef.get(noShow.remote_id)).toEqual(['no_show', false, 'practice_system']);
    expect(byRef.get(brokenEarly.remote_id)).toEqual(['cancelled', false, 'practice_system']);
    expect(byRef.get(lateCancel.remote_id)).toEqual(['cancelled', true, 'practice_system']);
    expect(byRef.has(untouched.remote_id)).toBe(false);
    const [cursor] = await kolla.database.db
      .select()
      .from(outcomeSyncs)
      .where(eq(outcomeSyncs.practiceId, kollaPractice));
    expect(cursor!.syncedThrough?.toISOString()).toBe(new Date(iso(-20)).toISOString());
    expect(cursor!.lastError).toBeNull();

    // The next poll asks only after the cursor (less a minute for Kolla's whole seconds).
    fake.state.requests.length = 0;
    Object.assign(noShow, { broken: false, completed: true, update_time: iso(-1) });
    // Read: the changed one, and the newest of the last run again (the minute of overlap); written: the change.
    expect(await sync()).toEqual({ read: 2, recorded: 1 });
    const asked = fake.state.requests.find((r) => r.path === '/appointments');
    expect(asked?.query.filter).toBe(
      `update_time > '${new Date(new Date(iso(-20)).getTime() - 60_000).toISOString().replace('.000Z', 'Z')}'`,
    );
    expect(
      (await kolla.database.db.select().from(visits)).find((o) => o.appointmentRef === noShow.remote_id)
        ?.outcome,
    ).toBe('kept');
  });

  it('sends one sync job per practice from the cron run, and a staff mark answers where to mark it', async () => {
    const sent: { name: string; data: object }[] = [];
    const job = outcomeSyncJob(
      { practices: kolla.modules.schedule.service.practicesToSync, run: async () => 'ran' },
      {
        send: async <T extends object>(definition: JobDefinition<T>, data: T) => {
          sent.push({ name: definition.name, data });
          return null;
        },
      },
    );
    expect(await job.run({})).toEqual({ practices: 1 });
    expect(sent).toEqual([{ name: 'outcomes.sync', data: { practiceId: kollaPractice } }]);
    expect(await job.run({ practiceId: kollaPractice })).toBe('ran');

    const response = await kolla.app.inject({
      method: 'POST',
      url: `/api/appointments/${fake.state.appointments[0]!.remote_id}/outcome`,
      headers: bearer(await kolla.asAdmin()),
      payload: { outcome: 'kept' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'Visits in Sunrise Dental are marked there; analytics reads the outcome from it.',
    );
  });
});
