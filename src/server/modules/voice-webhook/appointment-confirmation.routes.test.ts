import { eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, patients } from '../../db/schema/index';
import { givePracticeNumber } from '../../test/practice-number';
import { createTestApp, platformWebhook, type TestApp } from '../../test/test-app';

let t: TestApp;
let calledNumber: string;
beforeAll(async () => {
  t = await createTestApp();
  calledNumber = (await givePracticeNumber(t)).number;
});
afterAll(() => t.close());

let serial = 0;
/** A confirmation call's tool call, as the voice platform sends it: an outbound call to `patientNumber`. */
const toolCall = (name: string, args: unknown, patientNumber = '+12125550100') =>
  platformWebhook(t.app, {
    message: {
      type: 'tool-calls',
      toolCallList: [{ id: `tc-${name}-${++serial}`, type: 'function', function: { name, arguments: args } }],
      phoneNumber: { number: calledNumber },
      call: { id: `call-${serial}`, type: 'outboundPhoneCall', customer: { number: patientNumber } },
    },
  });
const phoneOf = async (appointment: { patientId: string }) =>
  (await t.database.db.select().from(patients).where(eq(patients.id, appointment.patientId)))[0]!.phone;

async function pendingAppointments() {
  return t.database.db
    .select()
    .from(appointments)
    .where(gt(appointments.startsAt, t.clock.now()))
    .then((rows) => rows.filter((a) => a.status === 'pending'));
}
const statusOf = async (id: string) =>
  (await t.database.db.select().from(appointments).where(eq(appointments.id, id)))[0]!.status;

describe('confirmAppointment and cancelAppointment (confirmation calls)', () => {
  it('a "yes" marks the appointment confirmed in the calendar; a cancel frees it', async () => {
    const [yes, no] = await pendingAppointments();
    expect(no).toBeDefined();

    const confirmed = await toolCall('confirmAppointment', { appointment_id: yes!.id }, await phoneOf(yes!));
    expect(confirmed.statusCode).toBe(200);
    expect(JSON.parse(confirmed.json().results[0].result)).toMatchObject({
      success: true,
      status: 'confirmed',
    });
    expect(await statusOf(yes!.id)).toBe('confirmed');

    const cancelled = await toolCall('cancel_appointment', { appointment_id: no!.id }, await phoneOf(no!));
    expect(JSON.parse(cancelled.json().results[0].result)).toMatchObject({
      success: true,
      status: 'cancelled',
    });
    expect(await statusOf(no!.id)).toBe('cancelled');

    // A cancelled appointment cannot be confirmed any more; an unknown one is not found.
    const late = await toolCall('confirmAppointment', { appointment_id: no!.id }, await phoneOf(no!));
    expect(late.json().results[0]).toEqual({
      toolCallId: expect.any(String),
      name: 'confirmAppointment',
      error: expect.any(String),
    });
    expect(await statusOf(no!.id)).toBe('cancelled');
    const unknown = await toolCall('confirmAppointment', {
      appointment_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.json().results[0]).toMatchObject({ error: expect.any(String) });
    expect(unknown.json().results[0]).not.toHaveProperty('result');
  });

  it('reaches only the appointments of the patient called: another one is left alone', async () => {
    const [theirs] = await pendingAppointments();
    // A number no demo patient has (the seed's exchanges are 200 to 989).
    const response = await toolCall('cancelAppointment', { appointment_id: theirs!.id }, '+13129900177');
    expect(response.json().results[0]).toMatchObject({ error: expect.stringContaining('staff') });
    expect(await statusOf(theirs!.id)).toBe('pending');
  });

  it('needs an appointment id', async () => {
    const response = await toolCall('confirmAppointment', {});
    expect(response.statusCode).toBe(200);
    expect(response.json().results[0]).toMatchObject({ error: 'appointment_id is required.' });
    expect(response.json().results[0]).not.toHaveProperty('result');
  });
});
