import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_AVAILABLE_PROVIDER, type AppointmentItem, type ProviderItem } from '#shared/schemas/schedule';
import { appointments, patients, phoneNumbers, providers, providerWorkingHours } from '../../db/schema/index';
import { createIntegrations } from '../../composition';
import { createIdempotency } from '../../db/idempotency';
import { practices } from '../../db/schema/index';
import { createOtherPractice, type OtherPractice } from '../../test/other-practice';
import { createConnectorsRepo } from '../connectors/connectors.repo';
import { createConnectorsService } from '../connectors/connectors.service';
import { createScheduleRepo } from './schedule.repo';
import { createScheduleService } from './schedule.service';
import { listSlots, weekdayAhead } from '../../test/schedule-dates';
import { bearer, consoleCall, createTestApp, platformWebhook, type TestApp } from '../../test/test-app';

/**
 * Issue 22: two practices, each with its own built-in schedule. Practice A is the demo practice; practice B
 * gets a provider named like A's first one, open all day, every day, and a built-in connector through the API.
 */

let t: TestApp;
let a: string;
let b: string;
let other: OtherPractice;
let aProviders: ProviderItem[];
let bProvider: string;
let date: string;
const B_ZONE = 'America/Chicago';
const B_NUMBER = '+13125550181';

const get = (url: string, session: string) => t.app.inject({ method: 'GET', url, headers: bearer(session) });

beforeAll(async () => {
  t = await createTestApp();
  a = await t.asAdmin();
  other = await createOtherPractice(t, { timeZone: B_ZONE });
  b = await other.asAdmin();
  aProviders = (await get('/api/providers', a)).json().providers;
  const namedLikeA = aProviders[0]!;
  const [row] = await t.database.db
    .insert(providers)
    .values({
      practiceId: other.id,
      name: namedLikeA.name,
      displayName: namedLikeA.display_name,
      kind: 'dentist',
    })
    .returning();
  bProvider = row!.id;
  await t.database.db.insert(providerWorkingHours).values(
    [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      practiceId: other.id,
      providerId: bProvider,
      weekday,
      startMinute: 0,
      endMinute: 1440,
    })),
  );
  // Linked after B has a provider, so the built-in schedule keeps it (no starter schedule).
  const connector = await t.app.inject({
    method: 'POST',
    url: '/api/connectors',
    headers: bearer(b),
    payload: { name: 'Other built-in', consumerId: 'other', connectorId: 'sandbox' },
  });
  expect(connector.statusCode, connector.body).toBe(200);
  await t.database.db
    .insert(phoneNumbers)
    .values({ practiceId: other.id, providerId: 'b-number', number: B_NUMBER, name: 'Other line' });
  date = weekdayAhead(t.clock.now(), 7);
});
afterAll(() => t.close());

/** Books through the console's tool call, by provider name, for the same caller in either practice. */
const book = (session: string, time: string) =>
  consoleCall(t.app, session, 'bookAppointment', {
    appointment_type: 'dental_checkup',
    date,
    time,
    provider_name: aProviders[0]!.display_name,
    patient_info: { name: 'Sam Both', phone_number: '+15555550166' },
  });

const appointmentsOf = async (session: string) => {
  const response = await get(`/api/appointments?start=${date}&end=${date}T23:59:59Z`, session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { appointments: AppointmentItem[]; time_zone: string };
};

describe('the schedule per practice', () => {
  it('lists only the practice’s own providers', async () => {
    const bList: ProviderItem[] = (await get('/api/providers', b)).json().providers;
    expect(bList.map((p) => p.remote_id)).toEqual([bProvider]);
    expect(aProviders.map((p) => p.remote_id)).not.toContain(bProvider);
  });

  it('gives 404 for the other practice’s provider slots', async () => {
    expect((await get(`/api/slots/${date}/${bProvider}`, a)).statusCode).toBe(404);
    expect((await get(`/api/slots/${date}/${aProviders[0]!.remote_id}`, b)).statusCode).toBe(404);
    // B's own provider is open all day in B's schedule, whatever A's rooms and bookings hold.
    expect((await listSlots(t.app, b, date, bProvider)).length).toBeGreaterThan(20);
  });

  it('books the same time with the same provider name in both practices, each in its own schedule', async () => {
    const [free] = await listSlots(t.app, a, date, aProviders[0]!.remote_id);
    expect(free).toBeDefined();
    const inA = await book(a, free!.time);
    expect(inA.statusCode, inA.body).toBe(200);
    const inB = await book(b, free!.time);
    expect(inB.statusCode, inB.body).toBe(200);
    const bookedA = inA.json().appointment;
    const bookedB = inB.json().appointment;
    expect(bookedA.provider_id).toBe(aProviders[0]!.remote_id);
    expect(bookedB.provider_id).toBe(bProvider);
    expect(bookedB.patient_id).not.toBe(bookedA.patient_id);

    const rows = await t.database.db
      .select({ practiceId: appointments.practiceId, patientPractice: patients.practiceId })
      .from(appointments)
      .innerJoin(patients, eq(patients.id, appointments.patientId))
      .where(eq(appointments.confirmationNumber, bookedB.confirmation_number));
    expect(rows).toEqual([{ practiceId: other.id, patientPractice: other.id }]);

    const listedA = await appointmentsOf(a);
    const listedB = await appointmentsOf(b);
    expect(listedB.time_zone).toBe(B_ZONE);
    expect(listedB.appointments.map((x) => x.confirmation_number)).toEqual([bookedB.confirmation_number]);
    expect(listedA.appointments.map((x) => x.remote_id)).not.toContain(listedB.appointments[0]!.remote_id);

    const patientsOf = async (session: string) =>
      ((await get('/api/patients-with-appointments', session)).json().patients as { id: string }[]).map(
        (p) => p.id,
      );
    expect(await patientsOf(b)).toEqual([bookedB.patient_id]);
    expect(await patientsOf(a)).not.toContain(bookedB.patient_id);

    // The other practice's appointment is unknown here: neither confirmed nor cancelled.
    const bId = listedB.appointments[0]!.remote_id;
    for (const action of ['confirmAppointment', 'cancelAppointment']) {
      const response = await consoleCall(t.app, a, action, { appointment_id: bId });
      expect(response.statusCode, `${action}: ${response.body}`).toBe(404);
    }
    expect((await appointmentsOf(b)).appointments[0]!.cancelled).toBe(false);
    // Nor may A book B's patient.
    const withBPatient = await consoleCall(t.app, a, 'bookAppointment', {
      appointment_type: 'dental_checkup',
      date,
      time: free!.time,
      provider_id: FIRST_AVAILABLE_PROVIDER,
      patient_id: bookedB.patient_id,
    });
    expect(withBPatient.statusCode).toBe(404);
  });

  it('keeps the calendar’s read cache apart for practices in one time zone', async () => {
    const third = await createOtherPractice(t, { name: 'Third Practice', timeZone: 'America/New_York' });
    const c = await third.asAdmin();
    const connector = await t.app.inject({
      method: 'POST',
      url: '/api/connectors',
      headers: bearer(c),
      payload: { name: 'Third built-in', consumerId: 'third', connectorId: 'sandbox' },
    });
    expect(connector.statusCode, connector.body).toBe(200);
    // The same week asked by A (which holds the booking above) and then by C, in the same zone.
    expect((await appointmentsOf(a)).appointments.length).toBeGreaterThan(0);
    expect((await appointmentsOf(c)).appointments).toEqual([]);
  });

  it('lets confirmation numbers repeat across practices', async () => {
    const [oneOfA] = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.practiceId, (await practiceIdOfA())!))
      .limit(1);
    const [oneOfB] = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.practiceId, other.id))
      .limit(1);
    await t.database.db
      .update(appointments)
      .set({ confirmationNumber: oneOfA!.confirmationNumber })
      .where(eq(appointments.id, oneOfB!.id));
    const listed = await appointmentsOf(b);
    expect(listed.appointments[0]!.confirmation_number).toBe(oneOfA!.confirmationNumber);
  });

  it('books a call to the other practice’s number in that practice’s schedule', async () => {
    const response = await platformWebhook(t.app, {
      message: {
        type: 'function-call',
        functionCall: {
          name: 'bookAppointment',
          parameters: {
            appointment_type: 'dental_checkup',
            date,
            time: '23:00',
            provider_name: aProviders[0]!.display_name,
            patient_info: { name: 'Night Caller', phone_number: '+15555550167' },
          },
        },
        phoneNumber: { number: B_NUMBER },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { result } = response.json();
    expect(result.success, JSON.stringify(result)).toBe(true);
    const [row] = await t.database.db
      .select({ practiceId: appointments.practiceId })
      .from(appointments)
      .where(
        and(
          eq(appointments.practiceId, other.id),
          eq(appointments.confirmationNumber, result.appointment.confirmation_number),
        ),
      );
    expect(row).toEqual({ practiceId: other.id });
  });
});

async function practiceIdOfA(): Promise<string | undefined> {
  const [row] = await t.database.db
    .select({ practiceId: providers.practiceId })
    .from(providers)
    .where(eq(providers.id, aProviders[0]!.remote_id));
  return row?.practiceId;
}

describe('which practice a call or a job is for', () => {
  const service = () => {
    const db = t.database.db;
    const integrations = createIntegrations({ db, voice: { publicBaseUrl: 'http://localhost' } });
    return createScheduleService({
      repo: createScheduleRepo(db),
      integrations,
      idempotency: createIdempotency(db),
      connectors: createConnectorsService(createConnectorsRepo(db), integrations),
      now: t.clock.now,
    });
  };

  it('decides by the number called: its practice, in any format; nobody’s number gets none', async () => {
    const schedule = service();
    const called = await schedule.forCalledNumber('(312) 555-0181');
    expect(called).toMatchObject({ id: other.id, timeZone: B_ZONE, inDatabase: true });
    expect((await called!.pms.listProviders()).map((p) => p.remoteId)).toEqual([bProvider]);
    expect(await schedule.forCalledNumber('+19995550100')).toBeUndefined();
    expect(await schedule.forCalledNumber(undefined)).toBeUndefined();
    expect(await schedule.forCalledNumber('not a number')).toBeUndefined();
  });

  it('works for a practice a job names, with that practice’s active connector', async () => {
    const [row] = await t.database.db.select().from(practices).where(eq(practices.id, other.id));
    const practice = await service().forPractice({
      id: row!.id,
      name: row!.name,
      timeZone: row!.timeZone,
      status: row!.status,
    });
    expect(practice).toMatchObject({ id: other.id, connector: { name: 'Other built-in' } });
    expect((await practice.pms.listProviders()).map((p) => p.remoteId)).toEqual([bProvider]);
  });
});
