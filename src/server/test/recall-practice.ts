import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { DEFAULT_OUTBOUND_SETTINGS, type OutboundSettings } from '#shared/schemas/outbound-calls';
import {
  appointments,
  assistants,
  outboundSettings,
  patients,
  phoneNumbers,
  providers,
  type AppointmentStatus,
} from '../db/schema/index';
import { newConfirmationNumber } from '../lib/confirmation-number';
import { addMinutesToWall, addMonthsToDate, instantFromWall, wallFromInstant } from '../lib/wall-time';
import { createOtherPractice, type OtherPractice } from './other-practice';
import { bearer, type TestApp } from './test-app';

/**
 * A practice of its own for the recall tests (issue 24): the built-in schedule (its starter providers), an
 * assistant and a number, and the patients and visits each test writes: nothing the demo seed happens to hold
 * decides a result, and every date is counted from the test clock in the practice's time zone.
 */
export interface RecallPractice extends OtherPractice {
  timeZone: string;
  admin: string;
  line: { assistantId: string; phoneNumberId: string };
  /** Practice-local today (YYYY-MM-DD) by the test clock. */
  today(): string;
  /** `months` whole months before today, then `days` more days back (negative: ahead). */
  date(months: number, days?: number): string;
  patient(name: string, phone: string): Promise<string>;
  /** A visit on a practice-local date at `time`, with the practice's first provider (or the one given). */
  visit(
    patientId: string,
    date: string,
    options?: {
      type?: string;
      status?: AppointmentStatus;
      time?: string;
      minutes?: number;
      provider?: number;
    },
  ): Promise<string>;
  saveSettings(change: Partial<OutboundSettings>): Promise<void>;
}

let serial = 0;

export async function createRecallPractice(
  t: TestApp,
  { timeZone = 'America/Chicago', number }: { timeZone?: string; number: string },
): Promise<RecallPractice> {
  const other = await createOtherPractice(t, { name: `Recall Practice ${++serial}`, timeZone });
  const admin = await other.asAdmin();
  const linked = await t.app.inject({
    method: 'POST',
    url: '/api/connectors',
    headers: bearer(admin),
    payload: { name: 'Built-in', consumerId: 'recall', connectorId: 'sandbox' },
  });
  expect(linked.statusCode, linked.body).toBe(200);
  const staff = await t.database.db
    .select()
    .from(providers)
    .where(eq(providers.practiceId, other.id))
    .orderBy(asc(providers.createdAt), asc(providers.name));
  expect(staff.length).toBeGreaterThan(0);

  const [template] = await t.database.db
    .select()
    .from(assistants)
    .orderBy(asc(assistants.createdAt))
    .limit(1);
  const { id: _id, createdAt: _c, updatedAt: _u, providerId: _p, ...copy } = template!;
  const [assistant] = await t.database.db
    .insert(assistants)
    .values({ ...copy, practiceId: other.id, name: 'Recall Assistant' })
    .returning();
  const [line] = await t.database.db
    .insert(phoneNumbers)
    .values({ practiceId: other.id, name: 'Recall Line', number })
    .returning();

  const today = () => wallFromInstant(t.clock.now(), timeZone).slice(0, 10);
  return {
    ...other,
    timeZone,
    admin,
    line: { assistantId: assistant!.id, phoneNumberId: line!.id },
    today,
    date: (months, days = 0) =>
      addMinutesToWall(`${addMonthsToDate(today(), -months)}T00:00:00`, -days * 1440).slice(0, 10),
    async patient(name, phone) {
      const [givenName = '', ...rest] = name.split(' ');
      const [row] = await t.database.db
        .insert(patients)
        .values({ practiceId: other.id, givenName, familyName: rest.join(' '), phone })
        .returning();
      return row!.id;
    },
    async visit(patientId, date, options = {}) {
      const {
        type = 'dental_cleaning',
        status = 'completed',
        time = '10:00',
        minutes = 30,
        provider = 0,
      } = options;
      const start = `${date}T${time}:00`;
      const [row] = await t.database.db
        .insert(appointments)
        .values({
          practiceId: other.id,
          patientId,
          providerId: staff[provider % staff.length]!.id,
          appointmentType: type,
          startsAt: instantFromWall(start, timeZone),
          endsAt: instantFromWall(addMinutesToWall(start, minutes), timeZone),
          status,
          confirmationNumber: newConfirmationNumber(),
        })
        .returning();
      return row!.id;
    },
    async saveSettings(change) {
      const settings = { ...DEFAULT_OUTBOUND_SETTINGS, ...change };
      await t.database.db
        .insert(outboundSettings)
        .values({ practiceId: other.id, settings })
        .onConflictDoUpdate({ target: outboundSettings.practiceId, set: { settings } });
    },
  };
}
