import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIRST_AVAILABLE_PROVIDER } from '#shared/schemas/schedule';
import { createIntegrations } from '../../composition';
import { appointments } from '../../db/schema/index';
import type { EventPayload } from '../../events';
import { firstPracticeId, givePracticeNumber } from '../../test/practice-number';
import { listSlots, weekdayAhead } from '../../test/schedule-dates';
import { consoleCall, createTestApp, platformWebhook, type TestApp } from '../../test/test-app';
import { createScheduleModule } from './index';
import type { ScheduleService } from './schedule.service';

/**
 * `appointment.created` (issue 23): every booking the schedule service makes is published once, with the
 * patient's number in E.164; a repeat under the same idempotency key, a refused booking and a pending
 * request publish nothing.
 */

let t: TestApp;
let admin: string;
let published: EventPayload<'appointment.created'>[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  t.events.subscribe('appointment.created', 'test.booking-events', async (payload) => {
    published.push(payload);
  });
});
afterAll(() => t.close());
beforeEach(() => {
  published = [];
});

/** A free time the API offers on a weekday `days` ahead (asked of the API, not of the calendar). */
async function freeTime(days: number) {
  for (let ahead = days; ahead < days + 30; ahead++) {
    const date = weekdayAhead(t.clock.now(), ahead);
    const [slot] = await listSlots(t.app, admin, date, FIRST_AVAILABLE_PROVIDER, 'dental_checkup');
    if (slot) return { date, time: slot.time };
  }
  throw new Error('no free time in a month');
}

const storedAppointment = async (confirmationNumber: string) => {
  const [row] = await t.database.db
    .select()
    .from(appointments)
    .where(eq(appointments.confirmationNumber, confirmationNumber));
  return row!;
};

describe('the schedule service publishes appointment.created', () => {
  let schedule: ScheduleService;

  beforeAll(() => {
    schedule = createScheduleModule({
      db: t.database.db,
      integrations: createIntegrations({
        db: t.database.db,
        voice: { publicBaseUrl: 'http://localhost' },
        now: t.clock.now,
      }),
      connectors: t.modules.connectors.service,
      events: t.events,
      now: t.clock.now,
    }).service;
  });

  it('once per booking, not on a replay of its key nor for a time that is taken', async () => {
    const practice = await schedule.forPractice((await schedule.practice(await firstPracticeId(t)))!);
    const { date, time } = await freeTime(3);
    const input = {
      patient: { givenName: 'Event', familyName: 'Person', phone: '(212) 555-0143' },
      providerId: 'first_available',
      startTime: `${date}T${time}:00`,
      durationMinutes: 30,
      appointmentType: 'dental_checkup',
    };
    const shown = { date, time, typeLabel: 'Dental Checkup' };
    const key = { key: 'booking-events-1', request: { date, time } };

    const outcome = await schedule.book(practice, input, shown, key);
    if (!outcome.success) throw new Error(outcome.message);
    const row = await storedAppointment(outcome.appointment.confirmation_number);
    expect(published).toEqual([
      {
        practiceId: practice.id,
        appointmentId: row.id,
        confirmationNumber: outcome.appointment.confirmation_number,
        patientId: outcome.appointment.patient_id,
        patientName: 'Event Person',
        phone: '+12125550143',
        date,
        time,
        channel: 'staff',
        providerCallId: null,
      },
    ]);

    // The same key again: the first answer, no second event.
    expect(await schedule.book(practice, input, shown, key)).toEqual(outcome);
    // The same time under another key: taken (409), no event.
    await expect(
      schedule.book(practice, input, shown, { ...key, key: 'booking-events-2' }),
    ).rejects.toThrow();
    expect(published).toHaveLength(1);
  });
});

describe('Book Appointment (POST /webhook bookAppointment) publishes appointment.created', () => {
  it('once, with the booking and the number in E.164; a retry under the same Idempotency-Key publishes nothing', async () => {
    const { date, time } = await freeTime(4);
    const params = {
      appointment_type: 'dental_checkup',
      date,
      time,
      provider_id: FIRST_AVAILABLE_PROVIDER,
      patient_info: { name: 'Booking Event', phone_number: '212-555-0199' },
    };
    const booked = await consoleCall(t.app, admin, 'bookAppointment', params, { 'idempotency-key': 'evt-1' });
    expect(booked.statusCode, booked.body).toBe(200);
    const { appointment } = booked.json() as {
      appointment: { confirmation_number: string; patient_id: string; date: string; time: string };
    };
    const row = await storedAppointment(appointment.confirmation_number);
    expect(published).toEqual([
      {
        practiceId: row.practiceId,
        appointmentId: row.id,
        confirmationNumber: appointment.confirmation_number,
        patientId: appointment.patient_id,
        patientName: 'Booking Event',
        phone: '+12125550199',
        date,
        time,
        channel: 'staff',
        providerCallId: null,
      },
    ]);

    const again = await consoleCall(t.app, admin, 'bookAppointment', params, { 'idempotency-key': 'evt-1' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(booked.json());
    expect(published).toHaveLength(1);
  });
});

describe('a booking by a tool call during a call (issue 24)', () => {
  it("names the voice platform's call, which links a recall call to what it booked", async () => {
    const { number } = await givePracticeNumber(t);
    const { date, time } = await freeTime(5);
    const response = await platformWebhook(t.app, {
      message: {
        type: 'tool-calls',
        call: { id: 'call-recall-1', phoneNumber: { number } },
        toolCallList: [
          {
            id: 'tool-recall-1',
            type: 'function',
            function: {
              name: 'bookAppointment',
              arguments: {
                appointment_type: 'dental_checkup',
                date,
                time,
                provider_id: FIRST_AVAILABLE_PROVIDER,
                patient_info: { name: 'Tool Caller', phone_number: '212-555-0198' },
              },
            },
          },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results[0].result).toContain('"success":true');
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ patientName: 'Tool Caller', providerCallId: 'call-recall-1' });
  });
});
