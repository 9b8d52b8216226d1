import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectors, pendingAppointmentRequests, phoneMappings } from '../../db/schema/index';
import { CONNECTOR_NOT_FOUND } from '../../integrations/practice-management/errors';
import {
  fakeAppointment,
  fakeContact,
  startFakeKolla,
  type FakeKolla,
} from '../../integrations/practice-management/kolla/fake-kolla-server';
import { firstPracticeId } from '../../test/practice-number';
import { PRACTICE_ZONE, weekdayAhead } from '../../test/schedule-dates';
import { bearer, consoleCall, createTestApp, platformWebhook, type TestApp } from '../../test/test-app';

/** A practice on Kolla: the service picks the Kolla adapter for any connectorId but 'sandbox'. */

let fake: FakeKolla;
let t: TestApp;
/** The demo practice (the admin's). */
let demoId: string;
let admin: string;
beforeAll(async () => {
  fake = await startFakeKolla({ timeZone: PRACTICE_ZONE });
  t = await createTestApp({ kolla: { apiKey: fake.state.apiKey, baseUrl: fake.url } });
  admin = await t.asAdmin();
  demoId = await firstPracticeId(t);
  // The Kolla practice becomes the active connector; the demo sandbox one is switched off.
  await t.database.db.update(connectors).set({ isActive: false });
  await t.database.db.insert(connectors).values({
    practiceId: demoId,
    name: 'Sunrise Dental',
    connectorId: fake.state.connectorId,
    consumerId: fake.state.consumerId,
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** Half an hour at 10:00 with provider 1 in operatory 5, in the fake Kolla. */
const tenOClock = (contact: ReturnType<typeof fakeContact>, date: string, extra: { notes?: string } = {}) =>
  fakeAppointment(fake.state, {
    contact,
    providerId: '1',
    operatoryId: '5',
    wallStart: `${date} 10:00:00`,
    minutes: 30,
    ...extra,
  });

describe('a connector on Kolla', () => {
  it('lists providers and appointments from Kolla in the same shapes', async () => {
    const date = weekdayAhead(t.clock.now(), 2);
    const ann = fakeContact(fake.state, { given_name: 'Ann', family_name: 'Lee', phone: '(555) 123-4567' });
    tenOClock(ann, date, {
      notes: 'Phone: +15551234567\nEmail: N/A\nAppointment Type: Filling\nNotes: No additional notes',
    });
    const providers = await t.app.inject({ method: 'GET', url: '/api/providers', headers: bearer(admin) });
    expect(providers.json().providers.map((p: { name: string }) => p.name)).toEqual([
      'Dr. Sarah Smith',
      'Jane Doe, RDH',
    ]);
    const list = await t.app.inject({ method: 'GET', url: '/api/appointments', headers: bearer(admin) });
    expect(list.statusCode).toBe(200);
    const [appointment] = list.json().appointments;
    expect(appointment).toMatchObject({
      wall_start_time: `${date}T10:00:00`,
      contact: { given_name: 'Ann', family_name: 'Lee' },
      cancelled: false,
    });
    expect(appointment.resources.map((r: { type: string }) => r.type).sort()).toEqual([
      'OPERATORY',
      'PROVIDER',
    ]);
  });

  it('finds patients and books through Kolla for a mapped number on the voice platform', async () => {
    await t.database.db.insert(phoneMappings).values({
      practiceId: demoId,
      phoneNumber: '+12125550143',
      connectorId: fake.state.connectorId,
      name: 'Main Line',
    });
    const date = weekdayAhead(t.clock.now(), 3);
    const response = await platformWebhook(t.app, {
      message: {
        type: 'tool-calls',
        phoneNumber: { number: '+12125550143' },
        toolCallList: [
          {
            id: 'k-book',
            type: 'function',
            function: {
              name: 'bookAppointment',
              arguments: {
                appointment_type: 'filling',
                date,
                time: '2 pm',
                provider_name: 'Dr. Smith',
                patient_info: { name: 'Bo Park', phone_number: '(555) 987-6543' },
              },
            },
          },
        ],
      },
    });
    const result = JSON.parse(response.json().results[0].result);
    expect(result).toMatchObject({
      success: true,
      appointment: { date, time: '14:00', patient_name: 'Bo Park' },
    });
    expect(fake.state.contacts.some((c) => c.given_name === 'Bo')).toBe(true);
  });

  it('says closed, naming open times, for a time outside the hours in Kolla; taken for a booked one', async () => {
    const date = weekdayAhead(t.clock.now(), 5);
    const ann = fakeContact(fake.state, { given_name: 'Ann', family_name: 'Lee', phone: '(555) 123-4567' });
    const before = fake.state.appointments.length;
    const providers = (
      await t.app.inject({ method: 'GET', url: '/api/providers', headers: bearer(admin) })
    ).json().providers as { remote_id: string; name: string }[];
    const smith = providers.find((p) => p.name === 'Dr. Sarah Smith')!.remote_id;
    const book = (time: string) =>
      consoleCall(t.app, admin, 'bookAppointment', {
        appointment_type: 'filling',
        date,
        time,
        provider_id: smith,
        patient_info: { name: 'Casey Closed', phone_number: '(555) 222-4444' },
      });
    const night = await book('22:00');
    expect(night.statusCode).toBe(409);
    expect(night.json()).toMatchObject({ code: 'closed' });
    expect(night.json().message).toMatch(
      /^Dr\. Sarah Smith does not see patients on \w+, \w+ \d+ at 10:00 PM\./,
    );
    expect(night.json().message).toMatch(/The nearest open times are/);
    tenOClock(ann, date);
    const taken = await book('10:00');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).not.toBe('closed');
    expect(fake.state.appointments.length).toBe(before + 1);
  });

  it('books one of two requests for the same time at once (Kolla checks a time and books it in two requests)', async () => {
    const date = weekdayAhead(t.clock.now(), 6);
    const providers = (
      await t.app.inject({ method: 'GET', url: '/api/providers', headers: bearer(admin) })
    ).json().providers as { remote_id: string; name: string }[];
    const smith = providers.find((p) => p.name === 'Dr. Sarah Smith')!.remote_id;
    const before = fake.state.appointments.length;
    const book = (name: string, phone: string) =>
      consoleCall(t.app, admin, 'bookAppointment', {
        appointment_type: 'filling',
        date,
        time: '11:00',
        provider_id: smith,
        patient_info: { name, phone_number: phone },
      });
    const answers = await Promise.all([
      book('Rae Race', '(555) 222-5555'),
      book('Sol Race', '(555) 222-6666'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(fake.state.appointments.length).toBe(before + 1);
  });

  it('a caller finds and moves their own visit in Kolla by phone (PATCH), and cannot move another', async () => {
    const date = weekdayAhead(t.clock.now(), 6);
    const dee = fakeContact(fake.state, { given_name: 'Dee', family_name: 'Rowe', phone: '(555) 303-4040' });
    const visit = tenOClock(dee, date);
    const onCall = async (caller: string, name: string, args: unknown) => {
      const response = await platformWebhook(t.app, {
        message: {
          type: 'tool-calls',
          phoneNumber: { number: '+12125550143' },
          call: { id: `k-${name}-${caller}`, type: 'inboundPhoneCall', customer: { number: caller } },
          toolCallList: [
            {
              id: `k-${name}-${caller}-${Date.now()}`,
              type: 'function',
              function: { name, arguments: args },
            },
          ],
        },
      });
      const [reply] = response.json().results as { result?: string; error?: string }[];
      return reply!.result ? (JSON.parse(reply!.result) as Record<string, unknown>) : { error: reply!.error };
    };
    const found = await onCall('+15553034040', 'findAppointments', {});
    expect(found).toMatchObject({
      success: true,
      appointments: [{ appointment_id: visit.remote_id, date, time: '10:00' }],
    });
    const stranger = await onCall('+15559990000', 'rescheduleAppointment', {
      appointment_id: visit.remote_id,
      patient_name: 'Dee Rowe',
      date,
      time: '14:00',
    });
    expect(stranger).toMatchObject({ error: expect.stringContaining('staff') });
    const moved = await onCall('+15553034040', 'rescheduleAppointment', {
      appointment_id: visit.remote_id,
      patient_name: 'Dee Rowe',
      date,
      time: '14:00',
    });
    expect(moved).toMatchObject({ success: true, appointment: { date, time: '14:00' } });
    expect(fake.state.requests.filter((r) => r.method === 'PATCH').at(-1)).toMatchObject({
      path: `/appointments/${visit.remote_id}`,
    });
    expect(visit.wall_start_time).toBe(`${date} 14:00:00`);
  });

  it("passes on Kolla's unknown-connector message for the booking screen to recognise", async () => {
    await t.database.db
      .update(connectors)
      .set({ connectorId: 'opendental-999' })
      .where(eq(connectors.name, 'Sunrise Dental'));
    const response = await t.app.inject({ method: 'GET', url: '/api/providers', headers: bearer(admin) });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toContain(CONNECTOR_NOT_FOUND);
  });

  it('stores a console booking for staff when the connector target is not found, once per key', async () => {
    const date = weekdayAhead(t.clock.now(), 4);
    const book = () =>
      t.app.inject({
        method: 'POST',
        url: '/webhook',
        headers: { ...bearer(admin), 'idempotency-key': 'pending-1' },
        payload: {
          type: 'function-call',
          functionCall: {
            name: 'bookAppointment',
            parameters: {
              appointment_type: 'filling',
              date,
              time: '10:00',
              provider_id: '1',
              patient_info: { name: 'Cy Ng', phone_number: '(555) 222-3333' },
            },
          },
        },
      });
    const first = await book();
    expect(first.statusCode).toBe(200);
    const result = first.json();
    expect(result).toMatchObject({ success: false, pending: true });
    expect(result.request_number).toMatch(/^REQ-[A-Z2-9]{6}$/);
    expect(result.error).toContain(CONNECTOR_NOT_FOUND);
    expect((await book()).json().request_number).toBe(result.request_number);

    const rows = await t.database.db.select().from(pendingAppointmentRequests);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      requestNumber: result.request_number,
      connectorId: 'opendental-999',
      appointmentType: 'filling',
      wallStart: `${date}T10:00:00`,
      providerId: '1',
      status: 'pending',
    });
  });
});
