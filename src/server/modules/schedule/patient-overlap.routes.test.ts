import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderItem } from '#shared/schemas/schedule';
import { pgConstraint, pgErrorCode } from '../../db/pg-errors';
import { appointments, patients } from '../../db/schema/index';
import { patientBusyMessage } from '../../integrations/practice-management/errors';
import { bearer, consoleCall, createTestApp, type TestApp } from '../../test/test-app';
import { weekdayAhead } from '../../test/schedule-dates';

/** Issue 19: one person, one place at a time. */

let t: TestApp;
let admin: string;
let providers: ProviderItem[];
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  providers = (await t.app.inject({ method: 'GET', url: '/api/providers', headers: bearer(admin) })).json()
    .providers;
});
afterAll(() => t.close());

const book = (params: Record<string, unknown>) => consoleCall(t.app, admin, 'bookAppointment', params);

describe('a patient never holds two overlapping appointments', () => {
  it('books one of several simultaneous requests with different doctors; the others name it with a 409', async () => {
    // Past the demo schedule, so every doctor is free.
    const date = weekdayAhead(t.clock.now(), 45);
    const patient_info = { name: 'Wren Ortiz', phone_number: '+12125550161' };
    const responses = await Promise.all(
      providers.map((p) =>
        book({
          appointment_type: 'dental_checkup',
          date,
          time: '10:00',
          provider_id: p.remote_id,
          patient_info,
        }),
      ),
    );
    const booked = responses.filter((r) => r.statusCode === 200);
    expect(booked).toHaveLength(1);
    const confirmation = booked[0]!.json().appointment.confirmation_number as string;
    const message = patientBusyMessage({ confirmationNumber: confirmation, wallStart: `${date}T10:00:00` });
    for (const refused of responses.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'conflict', message });
    }

    // Overlapping in part is overlapping; the next half hour is not.
    const longer = await book({ appointment_type: 'dental_cleaning', date, time: '09:30', patient_info });
    expect(longer.statusCode).toBe(409);
    expect(longer.json().message).toBe(message);
    const after = await book({ appointment_type: 'dental_checkup', date, time: '10:30', patient_info });
    expect(after.statusCode).toBe(200);

    // A cancelled appointment holds nobody.
    const id = booked[0]!.json().appointment;
    const [row] = await t.database.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.confirmationNumber, id.confirmation_number));
    expect(
      (await consoleCall(t.app, admin, 'cancelAppointment', { appointment_id: row!.id })).statusCode,
    ).toBe(200);
    expect(
      (await book({ appointment_type: 'dental_checkup', date, time: '10:00', patient_info })).statusCode,
    ).toBe(200);
  });

  it('answers a race the database decides with the same 409, never a 500', async () => {
    // A known patient by id: no lock on the phone, so simultaneous bookings meet at the constraint.
    const date = weekdayAhead(t.clock.now(), 47);
    const [patient] = await t.database.db.select().from(patients).limit(1);
    const responses = await Promise.all(
      providers.map((p) =>
        book({
          appointment_type: 'dental_checkup',
          date,
          time: '14:00',
          provider_id: p.remote_id,
          patient_id: patient!.id,
        }),
      ),
    );
    const booked = responses.filter((r) => r.statusCode === 200);
    expect(booked).toHaveLength(1);
    const message = patientBusyMessage({
      confirmationNumber: booked[0]!.json().appointment.confirmation_number,
      wallStart: `${date}T14:00:00`,
    });
    for (const refused of responses.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'conflict', message });
    }
  });

  it('is enforced by the database itself', async () => {
    const date = weekdayAhead(t.clock.now(), 46);
    const patient_info = { name: 'Ines Boyle', phone_number: '+12125550162' };
    const first = await book({ appointment_type: 'dental_checkup', date, time: '11:00', patient_info });
    expect(first.statusCode).toBe(200);
    const [existing] = await t.database.db
      .select()
      .from(appointments)
      .innerJoin(patients, eq(patients.id, appointments.patientId))
      .where(and(eq(patients.givenName, 'Ines'), eq(patients.familyName, 'Boyle')));
    const other = providers.find((p) => p.remote_id !== existing!.appointments.providerId)!;
    const error = await t.database.db
      .insert(appointments)
      .values({
        practiceId: existing!.appointments.practiceId,
        patientId: existing!.appointments.patientId,
        providerId: other.remote_id,
        startsAt: new Date(existing!.appointments.startsAt.getTime() + 15 * 60_000),
        endsAt: new Date(existing!.appointments.endsAt.getTime() + 15 * 60_000),
        confirmationNumber: 'OVRLAP',
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(pgErrorCode(error)).toBe('23P01');
    expect(pgConstraint(error)).toBe('appointments_patient_no_overlap');
  });
});
