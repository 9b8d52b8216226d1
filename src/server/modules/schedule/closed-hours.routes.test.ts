import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/index';
import { givePracticeNumber } from '../../test/practice-number';
import { addDays, practiceToday } from '../../test/schedule-dates';
import { consoleCall, createTestApp, platformWebhook, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
});
afterAll(() => t.close());

/** The demo practice opens Monday to Friday. */
function sundayAhead(): string {
  let date = addDays(practiceToday(t.clock.now()), 2);
  while (new Date(`${date}T12:00:00Z`).getUTCDay() !== 0) date = addDays(date, 1);
  return date;
}

const booking = (date: string, time: string) => ({
  appointment_type: 'dental_checkup',
  date,
  time,
  patient_info: { name: 'Casey Closed', phone_number: '+15055550199' },
});

const appointmentCount = async () => (await t.database.db.select({ n: count() }).from(appointments))[0]!.n;

describe('a booking outside opening hours', () => {
  it('on a closed day: 409 closed, saying so and naming the nearest open times; nothing booked', async () => {
    const sunday = sundayAhead();
    const before = await appointmentCount();
    const response = await consoleCall(t.app, admin, 'bookAppointment', booking(sunday, '10:00'));
    expect(response.statusCode).toBe(409);
    const body = response.json();
    expect(body.code).toBe('closed');
    expect(body.message).toMatch(/^The practice is closed on Sunday, \w+ \d+ at 10:00 AM\./);
    expect(body.message).toMatch(/The nearest open times are Monday, \w+ \d+ at \d+:\d\d [AP]M/);
    expect(body.message).not.toMatch(/already booked/);
    expect(await appointmentCount()).toBe(before);
  });

  it('at night on an open day: closed too, with open times of that day or the next', async () => {
    const monday = addDays(sundayAhead(), 1);
    const response = await consoleCall(t.app, admin, 'bookAppointment', booking(monday, '22:00'));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'closed' });
    expect(response.json().message).toMatch(/^The practice is closed on Monday, \w+ \d+ at 10:00 PM\./);
    expect(response.json().message).toMatch(/The nearest open times are .*(Monday|Tuesday)/);
  });

  it('tells a caller the same through the voice tool', async () => {
    const response = await platformWebhook(t.app, {
      message: {
        type: 'tool-calls',
        toolCallList: [
          {
            id: 'tc-closed',
            type: 'function',
            function: { name: 'bookAppointment', arguments: booking(sundayAhead(), '10:00') },
          },
        ],
        // The practice's own number: the webhook serves the practice it belongs to (issue 22).
        phoneNumber: { number: (await givePracticeNumber(t)).number },
      },
    });
    expect(response.statusCode).toBe(200);
    // A refusal goes back in the tool call's `error`.
    const result = response.json().results[0];
    expect(result).not.toHaveProperty('result');
    expect(result.error).toMatch(/^The practice is closed on Sunday.*The nearest open times are Monday/);
  });
});
