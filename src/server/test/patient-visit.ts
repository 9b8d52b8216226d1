import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { BookAppointmentResult, SlotItem } from '#shared/schemas/schedule';
import { appointments } from '../db/schema/index';
import { firstFreeWeekdaySlot, listSlots } from './schedule-dates';
import { consoleCall, type TestApp } from './test-app';

export interface PatientVisit {
  /** The appointment's id (its reference in the practice system: the sandbox's row id). */
  id: string;
  phone: string;
  name: string;
  /** The free time the API listed, at which the visit was booked. */
  slot: SlotItem;
  /** The day booked (the practice's wall date). */
  date: string;
  row: typeof appointments.$inferSelect;
}

/**
 * A patient of the test's own, `name` on `phone` (a number no demo patient has), with a visit booked by staff
 * through the console at the first free time the API lists on `date`: upcoming, neither confirmed nor
 * cancelled, whatever the demo seed holds. Without `date`, the first weekday at least a day ahead of the test
 * clock with a free time.
 */
export async function patientWithVisit(
  t: TestApp,
  session: string,
  {
    name,
    phone,
    date,
    appointmentType = 'dental_cleaning',
  }: { name: string; phone: string; date?: string; appointmentType?: string },
): Promise<PatientVisit> {
  let day: string;
  let slot: SlotItem | undefined;
  if (date) {
    day = date;
    [slot] = await listSlots(t.app, session, date, 'first_available', appointmentType);
    if (!slot) throw new Error(`nothing free on ${date}`);
  } else {
    ({ date: day, slot } = await firstFreeWeekdaySlot(t.app, session, {
      now: t.clock.now(),
      days: 1,
      appointmentType,
    }));
  }
  const booked = await consoleCall(t.app, session, 'bookAppointment', {
    appointment_type: appointmentType,
    date: day,
    time: slot.time,
    provider_id: slot.provider_id,
    patient_info: { name, phone_number: phone },
  });
  expect(booked.statusCode, booked.body).toBe(200);
  expect(booked.json(), booked.body).toMatchObject({ success: true });
  const { appointment } = booked.json() as BookAppointmentResult;
  const [row] = await t.database.db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.patientId, appointment.patient_id),
        eq(appointments.confirmationNumber, appointment.confirmation_number),
      ),
    );
  if (!row) throw new Error(`the booking ${appointment.confirmation_number} is not in the schedule`);
  return { id: row.id, phone, name, slot, date: day, row };
}
