import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema } from '#shared/errors';
import { bookedMessage } from '#shared/schemas/schedule';
import { weekdayAhead } from '../../test/schedule-dates';
import { bearer, consoleCall, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
});
afterAll(() => t.close());

describe('console webhook failures', () => {
  it('carry the error field of the spec shape { success, appointment, error }, beside the shared body', async () => {
    const invalid = await consoleCall(t.app, admin, 'findPatient', { phone_number: '12' });
    expect(invalid.statusCode).toBe(400);
    const body = invalid.json();
    expect(ErrorEnvelopeSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ success: false, error: body.message });
    expect(body.error).toMatch(/phone number/i);
  });

  it('a taken time answers 409 with the spec message as error', async () => {
    const providers = await t.app.inject({ method: 'GET', url: '/api/providers', headers: bearer(admin) });
    const provider = providers.json().providers[0].remote_id as string;
    const date = weekdayAhead(t.clock.now(), 3);
    const slots = await t.app.inject({
      method: 'GET',
      url: `/api/slots/${date}/${provider}`,
      headers: bearer(admin),
    });
    const time = slots.json().slots[0].time as string;
    const book = (name: string) =>
      consoleCall(t.app, admin, 'bookAppointment', {
        appointment_type: 'dental_checkup',
        date,
        time,
        provider_id: provider,
        patient_info: { name, phone_number: '+15055550142' },
      });
    expect((await book('First Person')).statusCode).toBe(200);
    const taken = await book('Second Person');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ success: false, error: bookedMessage(time, date) });
  });

  it('an unknown function too', async () => {
    const response = await consoleCall(t.app, admin, 'nope', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(response.json().message);
  });
});
