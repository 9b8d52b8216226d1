import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookedMessage,
  FAR_DATE_MESSAGE,
  lastBookableDate,
  PAST_DATE_MESSAGE,
  type SlotItem,
} from '#shared/schemas/schedule';
import { appointments, connectors, patients, phoneMappings } from '../../db/schema/index';
import { addDays, firstFreeSlot, practiceToday, weekdayAhead } from '../../test/schedule-dates';
import {
  bearer,
  createTestApp,
  TEST_WEBHOOK_SECRET,
  type TestApp,
  consoleCall as callFunction,
} from '../../test/test-app';
import { firstPracticeId, givePracticeNumber } from '../../test/practice-number';
import { unknownFunctionMessage } from './voice-webhook.service';
import { patientBusyMessage } from '../../integrations/practice-management/errors';

let t: TestApp;
let admin: string;
let providerId: string;
/** The practice's own number: the voice platform's calls name it, so the webhook knows their practice. */
let calledNumber: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  calledNumber = (await givePracticeNumber(t)).number;
  const providers = await t.app.inject({ method: 'GET', url: '/api/providers', headers: bearer(admin) });
  providerId = providers.json().providers[0].remote_id;
});
afterAll(() => t.close());

const consoleCall = (name: string, parameters: unknown, headers: Record<string, string> = {}) =>
  callFunction(t.app, admin, name, parameters, headers);

const voiceCall = (
  message: Record<string, unknown>,
  headers: Record<string, string> = { 'x-vapi-secret': TEST_WEBHOOK_SECRET },
) => t.app.inject({ method: 'POST', url: '/webhook', headers, payload: { message } });

const freeSlot = (date: string, provider = providerId): Promise<SlotItem> =>
  firstFreeSlot(t.app, admin, date, provider);

async function aPatient() {
  const [patient] = await t.database.db.select().from(patients).limit(1);
  return patient!;
}

const appointmentCount = async () => (await t.database.db.select({ n: count() }).from(appointments))[0]!.n;

const nationalFormat = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;

describe('POST /webhook from the console', () => {
  it('findPatient finds a patient by phone in any format', async () => {
    const patient = await aPatient();
    const response = await consoleCall('findPatient', { phone_number: nationalFormat(patient.phone) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      patient: {
        id: patient.id,
        name: `${patient.givenName} ${patient.familyName}`,
        phone_number: patient.phone,
        email: patient.email,
      },
      message: expect.any(String),
    });
    const missing = await consoleCall('findPatient', { phone_number: '+1 (505) 555-0000' });
    expect(missing.json()).toMatchObject({ success: false, patient: null });
    const invalid = await consoleCall('findPatient', { phone_number: '12' });
    expect(invalid.statusCode).toBe(400);
  });

  it('checkAvailability offers free times matching the preference', async () => {
    const date = weekdayAhead(t.clock.now(), 2);
    const response = await consoleCall('checkAvailability', {
      appointment_type: 'dental_checkup',
      preferred_date: date,
      time_preference: 'morning',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.available_slots.length).toBeGreaterThan(0);
    for (const slot of body.available_slots) {
      expect(slot).toEqual({
        date: body.date,
        time: expect.stringMatching(/^(09|10|11):[03]0$/),
        provider_id: expect.any(String),
        provider_name: expect.any(String),
        available: true,
      });
    }
  });

  it('bookAppointment books a new patient, and the booking shows in the calendar', async () => {
    const date = weekdayAhead(t.clock.now(), 3);
    const slot = await freeSlot(date);
    const response = await consoleCall('bookAppointment', {
      appointment_type: 'dental_checkup',
      date,
      time: slot.time,
      notes: 'Chipped front tooth.',
      provider_id: providerId,
      patient_info: { name: 'Nora Quinn', phone_number: '(917) 555-0101', email: 'nora@example.com' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      error: null,
      appointment: { date, time: slot.time, provider_id: providerId, patient_name: 'Nora Quinn' },
    });
    expect(body.appointment.confirmation_number).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/appointments?start=${date}&end=${addDays(date, 1)}`,
      headers: bearer(admin),
    });
    const booked = list
      .json()
      .appointments.find(
        (a: { confirmation_number: string }) =>
          a.confirmation_number === body.appointment.confirmation_number,
      );
    expect(booked.contact.name).toBe('Nora Quinn');
    expect(booked.notes).toBe(
      'Phone: +19175550101\nEmail: nora@example.com\nAppointment Type: Dental Checkup\nNotes: Chipped front tooth.',
    );
    expect(booked.wall_start_time).toBe(`${date}T${slot.time}:00`);
  });

  it('refuses a date past the booking horizon (issue 19: 9999-12-31 was a 500), and offers the last day', async () => {
    const patient = await aPatient();
    const last = lastBookableDate(practiceToday(t.clock.now()));
    for (const date of ['9999-12-31', addDays(last, 1)]) {
      const check = await consoleCall('checkAvailability', {
        appointment_type: 'dental_checkup',
        preferred_date: date,
      });
      const book = await consoleCall('bookAppointment', {
        appointment_type: 'filling',
        date,
        time: '10:00',
        patient_id: patient.id,
      });
      for (const response of [check, book]) {
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().message).toBe(FAR_DATE_MESSAGE);
      }
    }
    const check = await consoleCall('checkAvailability', {
      appointment_type: 'dental_checkup',
      preferred_date: last,
    });
    expect(check.statusCode, check.body).toBe(200);
  });

  it('asks which day when the weekday said is not the date’s, and books nothing', async () => {
    const date = weekdayAhead(t.clock.now(), 3);
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    const said = new Date(Date.UTC(year, month - 1, day + 1)).toLocaleDateString('en-US', {
      timeZone: 'UTC',
      weekday: 'long',
    });
    const monthName = new Date(Date.UTC(year, month - 1, 1)).toLocaleDateString('en-US', {
      timeZone: 'UTC',
      month: 'long',
    });
    const check = await consoleCall('checkAvailability', {
      appointment_type: 'dental_checkup',
      preferred_date: `${said}, ${monthName} ${day}, ${year}`,
    });
    expect(check.statusCode, check.body).toBe(400);
    expect(check.json().message).toMatch(new RegExp(`^${date} is a \\w+day, not a ${said}: ask the caller`));
  });

  it('refuses a date before today and a taken time', async () => {
    const patient = await aPatient();
    const past = await consoleCall('bookAppointment', {
      appointment_type: 'filling',
      date: addDays(practiceToday(t.clock.now()), -1),
      time: '10:00',
      patient_id: patient.id,
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(PAST_DATE_MESSAGE);

    const date = weekdayAhead(t.clock.now(), 4);
    const slot = await freeSlot(date);
    const params = {
      appointment_type: 'dental_checkup',
      date,
      time: slot.time,
      provider_id: providerId,
      patient_id: patient.id,
    };
    expect((await consoleCall('bookAppointment', params)).statusCode).toBe(200);
    const someoneElse = {
      ...params,
      patient_id: undefined,
      patient_info: { name: 'Al Other', phone_number: '+16465550142' },
    };
    const again = await consoleCall('bookAppointment', someoneElse);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'conflict', message: bookedMessage(slot.time, date) });
  });

  // Issue 19: racing inserts once deadlocked on the provider's and the room's exclusion constraints (500).
  it.each([
    [50, 5],
    [200, 10],
  ])('books one of %i parallel bookings of one slot, the rest get clear 409s', async (n, days) => {
    const date = weekdayAhead(t.clock.now(), days);
    const phone = `+1646555${String(n).padStart(4, '0')}`;
    const slot = await freeSlot(date);
    const before = await appointmentCount();
    const responses = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        consoleCall('bookAppointment', {
          appointment_type: 'dental_checkup',
          date,
          time: slot.time,
          provider_id: providerId,
          patient_info: { name: `Racer Number${i}`, phone_number: phone },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    const unexpected = responses.filter((r) => r.statusCode !== 200 && r.statusCode !== 409);
    expect(unexpected.map((r) => r.body)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(n - 1);
    for (const r of responses.filter((x) => x.statusCode === 409))
      expect(r.json().message).toBe(bookedMessage(slot.time, date));
    expect(await appointmentCount()).toBe(before + 1);
    // The losers' new patients were rolled back with their bookings.
    const created = await t.database.db.select().from(patients).where(eq(patients.phone, phone));
    expect(created).toHaveLength(1);
  });

  it('is idempotent by the Idempotency-Key header, also under concurrency', async () => {
    const patient = await aPatient();
    const date = weekdayAhead(t.clock.now(), 6);
    const first = await freeSlot(date);
    const params = {
      appointment_type: 'dental_checkup',
      date,
      time: first.time,
      provider_id: providerId,
      patient_id: patient.id,
    };
    const before = await appointmentCount();
    const a = await consoleCall('bookAppointment', params, { 'idempotency-key': 'retry-1' });
    const b = await consoleCall('bookAppointment', params, { 'idempotency-key': 'retry-1' });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json().appointment.confirmation_number).toBe(a.json().appointment.confirmation_number);
    expect(await appointmentCount()).toBe(before + 1);

    const second = await freeSlot(date);
    const parallel = await Promise.all(
      Array.from({ length: 10 }, () =>
        consoleCall('bookAppointment', { ...params, time: second.time }, { 'idempotency-key': 'parallel-1' }),
      ),
    );
    expect(parallel.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(parallel.map((r) => r.json().appointment.confirmation_number)).size).toBe(1);
    expect(await appointmentCount()).toBe(before + 2);
  });

  describe.each([
    ['the statement storing the result fails', `raise exception 'simulated crash'`],
    ['the connection dies (as in kill -9)', 'perform pg_terminate_backend(pg_backend_pid())'],
  ])('a crash between the booking and storing its result: %s', (_, crash) => {
    it('rolls the booking back with the claim, so the retry with the same key books once', async () => {
      const patient = await aPatient();
      const date = weekdayAhead(t.clock.now(), 8);
      const slot = await freeSlot(date);
      const params = {
        appointment_type: 'dental_checkup',
        date,
        time: slot.time,
        provider_id: providerId,
        patient_id: patient.id,
      };
      const key = `crash-${crash.length}`;
      const before = await appointmentCount();
      const pool = t.database.pool;
      await pool.query(`create or replace function test_crash() returns trigger language plpgsql as $$
        begin if new.result is not null then ${crash}; end if; return new; end $$`);
      await pool.query(`create trigger test_crash before update on idempotency_keys
        for each row execute function test_crash()`);
      let crashed;
      try {
        crashed = await consoleCall('bookAppointment', params, { 'idempotency-key': key });
      } finally {
        await pool.query('drop trigger test_crash on idempotency_keys');
      }
      expect(crashed.statusCode).toBe(500);
      expect(await appointmentCount()).toBe(before);

      const retried = await consoleCall('bookAppointment', params, { 'idempotency-key': key });
      expect(retried.statusCode).toBe(200);
      expect(retried.json().appointment.time).toBe(slot.time);
      const again = await consoleCall('bookAppointment', params, { 'idempotency-key': key });
      expect(again.json().appointment.confirmation_number).toBe(
        retried.json().appointment.confirmation_number,
      );
      expect(await appointmentCount()).toBe(before + 1);
    });
  });

  it('refuses a used Idempotency-Key with a different request (422) and books nothing', async () => {
    const patient = await aPatient();
    const date = weekdayAhead(t.clock.now(), 9);
    const [first, second] = await Promise.all([freeSlot(date), freeSlot(date)]);
    const params = {
      appointment_type: 'dental_checkup',
      date,
      time: first.time,
      provider_id: providerId,
      patient_id: patient.id,
    };
    const booked = await consoleCall('bookAppointment', params, { 'idempotency-key': 'reused-1' });
    expect(booked.statusCode).toBe(200);
    const before = await appointmentCount();
    const other = await consoleCall(
      'bookAppointment',
      { ...params, time: second.time === first.time ? '16:00' : second.time, notes: 'another' },
      { 'idempotency-key': 'reused-1' },
    );
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      code: 'idempotency_key_reused',
      message: 'This idempotency key was already used for a different request.',
    });
    expect(await appointmentCount()).toBe(before);
    // The same request under it still gets its booking; key order does not matter.
    const same = await consoleCall('bookAppointment', Object.fromEntries(Object.entries(params).reverse()), {
      'idempotency-key': 'reused-1',
    });
    expect(same.json().appointment.confirmation_number).toBe(booked.json().appointment.confirmation_number);
  });

  it('answers an unknown function with a clear 400', async () => {
    const response = await consoleCall('cancelEverything', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(unknownFunctionMessage('cancelEverything'));
  });

  it('refuses text PostgreSQL cannot hold that arrives escaped inside string parameters (it was a 500)', async () => {
    for (const text of ['x\u0000', 'x\ud800']) {
      const response = await consoleCall('bookAppointment', JSON.stringify({ appointment_type: text }));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('The request contains characters that are not allowed.');
    }
  });

  it('needs a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/webhook',
      payload: { type: 'function-call', functionCall: { name: 'findPatient', parameters: {} } },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /webhook from the voice platform', () => {
  it('refuses a request without the shared secret, or with a wrong one', async () => {
    const message = { type: 'tool-calls', toolCallList: [] };
    const attempts: Record<string, string>[] = [
      {},
      { 'x-vapi-secret': 'nope' },
      { authorization: 'Bearer nope' },
      bearer(admin),
    ];
    for (const headers of attempts) {
      const response = await voiceCall(message, headers);
      expect(response.statusCode).toBe(401);
    }
    expect((await voiceCall(message, { authorization: `Bearer ${TEST_WEBHOOK_SECRET}` })).statusCode).toBe(
      200,
    );
  });

  it('answers the legacy function-call envelope with { result }', async () => {
    const patient = await aPatient();
    const response = await voiceCall({
      type: 'function-call',
      functionCall: { name: 'findPatient', parameters: JSON.stringify({ phone_number: patient.phone }) },
      call: { id: 'call-1', phoneNumber: { number: calledNumber }, customer: { number: patient.phone } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ success: true, patient: { id: patient.id } });
  });

  it('answers tool-calls with one single-line string result per tool call id', async () => {
    const patient = await aPatient();
    const date = weekdayAhead(t.clock.now(), 2);
    const response = await voiceCall({
      type: 'tool-calls',
      toolCallList: [
        { id: 'tc-find', type: 'function', function: { name: 'findPatient', arguments: '{}' } },
        {
          id: 'tc-check',
          type: 'function',
          function: {
            name: 'checkAvailability',
            arguments: { appointment_type: 'cleaning', preferred_date: date, time_preference: 'afternoon' },
          },
        },
        { id: 'tc-flat', name: 'nonsense', parameters: {} },
        // Vapi's custom-tools doc form: name and arguments beside the id.
        {
          id: 'tc-flat-args',
          name: 'checkAvailability',
          arguments: { appointment_type: 'cleaning', preferred_date: date, time_preference: 'morning' },
        },
      ],
      // The caller's own number answers findPatient without a phone_number.
      customer: { number: patient.phone },
      phoneNumber: { number: calledNumber },
    });
    expect(response.statusCode).toBe(200);
    const { results } = response.json() as {
      results: { toolCallId: string; name: string; result?: string; error?: string }[];
    };
    expect(results.map((r) => [r.toolCallId, r.name])).toEqual([
      ['tc-find', 'findPatient'],
      ['tc-check', 'checkAvailability'],
      ['tc-flat', 'nonsense'],
      ['tc-flat-args', 'checkAvailability'],
    ]);
    for (const r of results) expect(r.result ?? r.error).not.toContain('\n');
    expect(JSON.parse(results[0]!.result!)).toMatchObject({ success: true, patient: { id: patient.id } });
    const check = JSON.parse(results[1]!.result!);
    expect(check.success).toBe(true);
    expect(check.available_slots.length).toBeGreaterThan(0);
    expect(check.available_slots.every((s: { time: string }) => s.time >= '12:00' && s.time < '17:00')).toBe(
      true,
    );
    const flat = JSON.parse(results[3]!.result!);
    expect(flat.available_slots.length).toBeGreaterThan(0);
    expect(flat.available_slots.every((s: { date?: string; time: string }) => s.time < '12:00')).toBe(true);
    expect(flat.message).toContain(date);
    // A failure goes back in `error` (the platform plays the tool's request-failed message), not as a result.
    expect(results[2]).toEqual({
      toolCallId: 'tc-flat',
      name: 'nonsense',
      error: unknownFunctionMessage('nonsense'),
    });
  });

  it('books once per tool call id, and speaks errors instead of failing', async () => {
    const date = weekdayAhead(t.clock.now(), 7);
    const slot = await freeSlot(date);
    const book = (id: string, name = 'Ivy Stone') =>
      voiceCall({
        type: 'tool-calls',
        toolCallList: [
          {
            id,
            type: 'function',
            function: {
              name: 'bookAppointment',
              arguments: JSON.stringify({
                appointment_type: 'Dental Checkup',
                date,
                time: slot.time,
                notes: 'Booked by phone',
                provider_id: providerId,
                patient_info: { name, phone_number: '212-555-0177' },
              }),
            },
          },
        ],
        phoneNumber: { number: calledNumber },
        // The patient's own phone: an overlap is told to that number only.
        call: { id: 'call-book', type: 'inboundPhoneCall', customer: { number: '+12125550177' } },
      });
    const before = await appointmentCount();
    const first = JSON.parse((await book('tc-book-1')).json().results[0].result);
    const repeat = JSON.parse((await book('tc-book-1')).json().results[0].result);
    const failure = async (id: string, name?: string) => {
      const [result] = (await book(id, name)).json().results;
      expect(result).not.toHaveProperty('result');
      return result.error as string;
    };
    expect(first.success).toBe(true);
    expect(repeat).toEqual(first);
    expect(await appointmentCount()).toBe(before + 1);

    // A different call for the same time: taken, said plainly.
    expect(await failure('tc-book-2', 'Ivy Stone Junior')).toBe(bookedMessage(slot.time, date));
    // The same caller again: the booking they already hold, by its number.
    expect(await failure('tc-book-3')).toBe(
      patientBusyMessage({
        confirmationNumber: first.appointment.confirmation_number,
        wallStart: `${date}T${slot.time}:00`,
      }),
    );
  });

  it('routes by the called number through phone mappings, else the active connector', async () => {
    const practiceId = await firstPracticeId(t);
    const { number: mappedNumber } = await givePracticeNumber(t, { practiceId });
    await t.database.db.insert(connectors).values({
      practiceId,
      name: 'Downtown (Kolla)',
      consumerId: 'downtown',
      connectorId: 'opendental-777',
    });
    await t.database.db
      .insert(phoneMappings)
      .values({ practiceId, phoneNumber: mappedNumber, connectorId: 'opendental-777', name: 'After Hours' });
    const message = (number: string) => ({
      type: 'function-call',
      functionCall: { name: 'findPatient', parameters: { phone_number: '+12125550000' } },
      phoneNumber: { number },
    });
    // No Kolla key in this app: the mapped connector answers that plainly; other numbers use the sandbox.
    const mapped = await voiceCall(message(nationalFormat(mappedNumber)));
    expect(mapped.json().result).toEqual({
      success: false,
      error: 'The practice system is not configured on this server.',
    });
    const unmapped = await voiceCall(message(calledNumber));
    expect(unmapped.json().result).toMatchObject({ success: false, patient: null });
  });

  it('acknowledges other server messages with an empty answer', async () => {
    const response = await voiceCall({ type: 'status-update', status: 'ended' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
  });
});
