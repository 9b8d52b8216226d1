import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StartOutboundCallsResponseSchema } from '#shared/schemas/outbound-calls';
import { outboundCalls, phoneNumbers } from '../../db/schema/index';
import { firstPracticeId } from '../../test/practice-number';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

/**
 * POST /api/outbound-calls/start with channel `sms` through the whole app (issue 23): the messaging module's
 * own TextQueue queues the texts; without a sender number the start is a 409 saying so; an appointment is
 * texted once per call type.
 */

let t: TestApp;
let admin: string;
let practiceId: string;
interface Patient {
  id: string;
  name: string;
  phone_number: string | null;
  next_appointment: { id: string };
}
let patients: Patient[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  practiceId = await firstPracticeId(t);
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/patients-with-appointments',
    headers: bearer(admin),
  });
  patients = (response.json() as { patients: Patient[] }).patients.filter((p) => p.phone_number);
  expect(patients.length).toBeGreaterThan(2);
});
afterAll(() => t.close());

const start = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/outbound-calls/start', payload, headers: bearer(admin) });
const callRows = async () => (await t.database.db.select({ n: count() }).from(outboundCalls))[0]!.n;

describe('POST /api/outbound-calls/start by text', () => {
  it('without a sender number: 409 saying so, nothing texted or called', async () => {
    const before = await callRows();
    const response = await start({ patient_ids: [patients[0]!.id], call_type: 'reminder', channel: 'sms' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      `No sender number is set in the messaging settings, so no reminder text was sent to ${patients[0]!.name}.`,
    );
    expect(await callRows()).toBe(before);
  });

  it('texts each patient about their next appointment once (202 with the count); again is a 409', async () => {
    const [number] = await t.database.db
      .select()
      .from(phoneNumbers)
      .where(and(eq(phoneNumbers.practiceId, practiceId), isNotNull(phoneNumbers.number)))
      .orderBy(phoneNumbers.createdAt);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/messaging-settings',
      headers: bearer(admin),
      payload: { senderNumber: number!.number },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const [a, b] = patients;
    const before = await callRows();
    const payload = {
      patient_ids: [a!.id, b!.id],
      call_type: 'confirmation',
      channel: 'sms',
      appointment_ids: { [a!.id]: a!.next_appointment.id },
    };
    const response = await start(payload);
    expect(response.statusCode, response.body).toBe(202);
    expect(StartOutboundCallsResponseSchema.parse(response.json())).toEqual({
      success: true,
      calls: [],
      skipped: [],
      texts: 2,
    });
    expect(await callRows()).toBe(before);
    for (const p of [a!, b!]) {
      const state = await t.modules.messaging.service.textState(
        practiceId,
        `campaign:confirmation:${p.next_appointment.id}`,
      );
      expect(state).toMatchObject({ answered: false });
    }

    const again = await start(payload);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'No confirmation text was sent: 2 already sent this text for the appointment.',
    );
  });
});
