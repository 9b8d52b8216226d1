import { sql } from 'drizzle-orm';
import { practiceId } from './practices';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The built-in practice schedule (connectorId 'sandbox'). Appointment times are UTC instants; wall times
 * come from the practice's time zone (practices.time_zone). The no-overlap exclusion constraints live in a
 * custom migration (drizzle-kit cannot express them).
 */

export const providers = pgTable(
  'providers',
  {
    id: uuid().primaryKey().defaultRandom(),
    practiceId: practiceId(),
    name: text().notNull(),
    displayName: text().notNull(),
    kind: text({ enum: ['dentist', 'hygienist'] }).notNull(),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('providers_practice_idx').on(table.practiceId),
    check('providers_kind_check', sql`${table.kind} in ('dentist', 'hygienist')`),
  ],
);

export const operatories = pgTable(
  'operatories',
  {
    id: uuid().primaryKey().defaultRandom(),
    practiceId: practiceId(),
    name: text().notNull(),
    displayName: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('operatories_practice_idx').on(table.practiceId)],
);

export const patients = pgTable(
  'patients',
  {
    id: uuid().primaryKey().defaultRandom(),
    practiceId: practiceId(),
    givenName: text().notNull(),
    familyName: text().notNull(),
    /** E.164 */
    phone: text().notNull(),
    email: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('patients_phone_idx').on(table.practiceId, table.phone)],
);

/** The ten types of the spec, inserted by a migration. */
export const appointmentTypes = pgTable('appointment_types', {
  code: text().primaryKey(),
  label: text().notNull(),
  durationMinutes: integer().notNull(),
  sortOrder: integer().notNull().default(0),
});

/** Minutes from the practice-local midnight; weekday 0 = Sunday. */
export const providerWorkingHours = pgTable(
  'provider_working_hours',
  {
    practiceId: practiceId(),
    providerId: uuid()
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    weekday: smallint().notNull(),
    startMinute: integer().notNull(),
    endMinute: integer().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.providerId, table.weekday, table.startMinute] }),
    check(
      'provider_working_hours_range_check',
      sql`${table.weekday} between 0 and 6 and ${table.startMinute} >= 0 and ${table.startMinute} < ${table.endMinute} and ${table.endMinute} <= 1440`,
    ),
  ],
);

/**
 * `completed` is a visit that was kept; `no_show` one the patient missed (issue 25). Both are set by staff on a
 * visit that has started; a no-show, like a cancellation, frees nothing that is still ahead.
 */
export const APPOINTMENT_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled', 'no_show'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const appointments = pgTable(
  'appointments',
  {
    id: uuid().primaryKey().defaultRandom(),
    practiceId: practiceId(),
    patientId: uuid()
      .notNull()
      .references(() => patients.id, { onDelete: 'restrict' }),
    providerId: uuid()
      .notNull()
      .references(() => providers.id, { onDelete: 'restrict' }),
    operatoryId: uuid().references(() => operatories.id, { onDelete: 'set null' }),
    appointmentType: text().references(() => appointmentTypes.code, { onDelete: 'set null' }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    status: text({ enum: APPOINTMENT_STATUSES }).notNull().default('pending'),
    notes: text().notNull().default(''),
    confirmationNumber: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('appointments_starts_at_idx').on(table.practiceId, table.startsAt),
    index('appointments_patient_idx').on(table.patientId),
    uniqueIndex('appointments_confirmation_number_idx').on(table.practiceId, table.confirmationNumber),
    check('appointments_time_check', sql`${table.endsAt} > ${table.startsAt}`),
    check(
      'appointments_status_check',
      sql`${table.status} in ('pending', 'confirmed', 'completed', 'cancelled', 'no_show')`,
    ),
  ],
);

/** Which connector answers calls to one of the practice's numbers. */
export const phoneMappings = pgTable('phone_mappings', {
  /** E.164; globally unique: a number routes calls to one practice. */
  phoneNumber: text().primaryKey(),
  practiceId: practiceId(),
  connectorId: text().notNull(),
  name: text().notNull().default(''),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A request seen once (db/idempotency.ts): `result` is null while the first attempt is still running;
 * `fingerprint` is a hash of the request, so the key cannot be replayed with another one.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    practiceId: practiceId(),
    key: text().notNull(),
    fingerprint: text(),
    result: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.practiceId, table.key] })],
);

/**
 * A booking the practice system could not take because its connector target was not found: kept for staff
 * to book by hand. `requestNumber` is what the patient or the front desk was told.
 */
export const pendingAppointmentRequests = pgTable(
  'pending_appointment_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    practiceId: practiceId(),
    requestNumber: text().notNull(),
    connectorId: text().notNull(),
    appointmentType: text().notNull(),
    /** Practice-local wall time `YYYY-MM-DDTHH:mm:ss`. */
    wallStart: text().notNull(),
    /** A provider's remote id, or 'first_available'. */
    providerId: text().notNull(),
    /** `{ remoteId }` of a known patient, or the new patient's name, phone and e-mail. */
    patient: jsonb().notNull(),
    notes: text().notNull().default(''),
    status: text({ enum: ['pending', 'booked', 'dismissed'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('pending_appointment_requests_number_idx').on(table.practiceId, table.requestNumber),
  ],
);

export const APPOINTMENT_CHANGES = ['created', 'confirmed', 'rescheduled', 'cancelled'] as const;
export type AppointmentChangeKind = (typeof APPOINTMENT_CHANGES)[number];
/** Who made a change: a caller on a voice call, a patient's text, staff in the console, or our own jobs. */
export const CHANGE_CHANNELS = ['call', 'text', 'staff', 'processor', 'callback'] as const;
export type ChangeChannel = (typeof CHANGE_CHANNELS)[number];

/**
 * Every change the product made to an appointment in the practice's system, built-in or Kolla (issue 24):
 * what, when, by which channel and on which call, so analytics can count bookings by source, reschedules and
 * late cancellations. `appointment_ref` is the practice system's id (opaque, as the port's `remoteId`).
 */
export const appointmentChanges = pgTable(
  'appointment_changes',
  {
    id: uuid().primaryKey().defaultRandom(),
    practiceId: practiceId(),
    appointmentRef: text().notNull(),
    change: text({ enum: APPOINTMENT_CHANGES }).notNull(),
    channel: text({ enum: CHANGE_CHANNELS }).notNull(),
    /** The voice platform's call id when the change was made on a call. */
    providerCallId: text(),
    /** The visit's start before and after the change. */
    fromStart: timestamp({ withTimezone: true }),
    toStart: timestamp({ withTimezone: true }),
    /** A cancellation less than 24 hours before the visit. */
    late: boolean().notNull().default(false),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('appointment_changes_at_idx').on(table.practiceId, table.at),
    index('appointment_changes_ref_idx').on(table.practiceId, table.appointmentRef),
    index('appointment_changes_call_idx').on(table.practiceId, table.providerCallId),
    check(
      'appointment_changes_change_check',
      sql`${table.change} in ('created', 'confirmed', 'rescheduled', 'cancelled')`,
    ),
    check(
      'appointment_changes_channel_check',
      sql`${table.channel} in ('call', 'text', 'staff', 'processor', 'callback')`,
    ),
  ],
);

/** What happened to a visit (issue 25); a visit with none whose start has passed is unresolved. */
export const VISIT_OUTCOMES = ['kept', 'no_show', 'cancelled'] as const;
export type VisitOutcome = (typeof VISIT_OUTCOMES)[number];
/**
 * Who said so: staff marking a visit in the console, a cancellation the product made (its line is in the
 * ledger), or the practice system (read back by the outcome sync).
 */
export const OUTCOME_ORIGINS = ['staff', 'change', 'practice_system'] as const;
export type OutcomeOrigin = (typeof OUTCOME_ORIGINS)[number];

/**
 * One row per visit the product touched (issue 25, ADR 057): the appointment ledger summed up per appointment,
 * written with each of its lines. Where the booking came from (its source, and the call it was made on with
 * that call's assistant and number), the type booked and whether the patient was new, the visit's latest start,
 * its first confirmation, and its outcome with when and from where. The ledger keeps every change; this row
 * keeps the latest word, so analytics reads one narrow row per visit.
 */
export const visits = pgTable(
  'visits',
  {
    practiceId: practiceId(),
    appointmentRef: text().notNull(),
    /** When the product booked it; null for a visit it only changed (confirmed, moved, cancelled). */
    bookedAt: timestamp({ withTimezone: true }),
    /** `BookingSource`: the ledger's channel, a call's refined by the outbound call behind it. */
    source: text(),
    providerCallId: text(),
    /** The call it was booked on, with that call's assistant and number (ours; filled when the call is stored). */
    callId: uuid(),
    assistantId: uuid(),
    phoneNumberId: uuid(),
    appointmentType: text(),
    /** The booking made the patient's record; null where not known. */
    newPatient: boolean(),
    startsAt: timestamp({ withTimezone: true }),
    confirmedAt: timestamp({ withTimezone: true }),
    outcome: text({ enum: VISIT_OUTCOMES }),
    /** A cancellation less than 24 hours before the visit. */
    late: boolean().notNull().default(false),
    outcomeOrigin: text({ enum: OUTCOME_ORIGINS }),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.practiceId, table.appointmentRef] }),
    index('visits_booked_idx').on(table.practiceId, table.bookedAt),
    index('visits_call_idx').on(table.practiceId, table.providerCallId),
    check(
      'visits_source_check',
      sql`${table.source} in ('call', 'processor', 'callback', 'text', 'recall', 'outbound', 'staff')`,
    ),
    check('visits_outcome_check', sql`${table.outcome} in ('kept', 'no_show', 'cancelled')`),
    check('visits_origin_check', sql`${table.outcomeOrigin} in ('staff', 'change', 'practice_system')`),
  ],
);

/**
 * Where the outcome sync of a practice whose schedule is outside (Kolla) got to: the newest `update_time` it
 * has read, so the next poll asks only for appointments changed after it.
 */
export const outcomeSyncs = pgTable('outcome_syncs', {
  practiceId: practiceId().primaryKey(),
  syncedThrough: timestamp({ withTimezone: true }),
  lastRunAt: timestamp({ withTimezone: true }),
  /** The last failure's error name (never its message: it may quote patient data), null after a good run. */
  lastError: text(),
});
