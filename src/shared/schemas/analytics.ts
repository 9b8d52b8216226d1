import { z } from 'zod';
import { ScheduleDateSchema } from './schedule';

/**
 * Analytics (issue 25): from every call to the visit that was kept, and what it cost. Dates are the practice's
 * calendar days, both ends included; rates are 0–1 (null when nothing was there to divide), but bookings per call
 * (`conversion`) can pass 1, as one call can book several visits; money in dollars.
 */

/** Where a booking came from: the ledger's channel, a call's by the kind of call (ADR 057). */
export const BOOKING_SOURCES = [
  'call',
  'processor',
  'callback',
  'text',
  'recall',
  'outbound',
  'staff',
] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];
/** Sources with a call behind them: the ones a conversion from calls is counted for. */
export const CALL_SOURCES = ['call', 'processor', 'callback', 'recall', 'outbound'] as const;

export const BOOKING_SOURCE_LABELS: Record<BookingSource, string> = {
  call: 'During a call',
  processor: 'Appointment Processor',
  callback: 'Callback',
  text: 'Text reply',
  recall: 'Recall call',
  outbound: 'Reminder or confirmation call',
  staff: 'Staff (Book Appointment)',
};

/** At most this many days in one request (two years: the benchmark's history). */
export const ANALYTICS_MAX_DAYS = 731;

const dayNumber = (date: string) =>
  Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / 864e5;
/** Days from `from` to `to`, both included. */
export const daysInRange = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

const id = (what: string) => z.uuid({ error: `${what} must be an id.` }).optional();

export const AnalyticsFilterSchema = z
  .object({
    from: ScheduleDateSchema,
    to: ScheduleDateSchema,
    assistantId: id('assistantId'),
    phoneNumberId: id('phoneNumberId'),
  })
  .refine((q) => q.from <= q.to, { message: 'from must be on or before to.', path: ['to'] })
  .refine((q) => daysInRange(q.from, q.to) <= ANALYTICS_MAX_DAYS, {
    message: `Ask for at most ${ANALYTICS_MAX_DAYS} days at a time.`,
    path: ['to'],
  });
export type AnalyticsFilter = z.infer<typeof AnalyticsFilterSchema>;

const rate = z.number().min(0).max(1).nullable();
/** Bookings per call: no upper bound (one call can book two family members). */
const perCall = z.number().min(0).nullable();
const count = z.number().int().min(0);
const money = z.number();

export const OutcomeCountsSchema = z.object({
  kept: count,
  noShow: count,
  /** Cancellations, late ones included. */
  cancelled: count,
  /** Cancelled less than 24 hours before the visit. */
  lateCancelled: count,
  /** The visit's time has passed and nobody has said what happened: staff can settle it. */
  unresolved: count,
  /** Still ahead. */
  upcoming: count,
});
export type OutcomeCounts = z.infer<typeof OutcomeCountsSchema>;

/** What one assistant or number's calls cost and produced. */
export const MoneyRowSchema = z.object({
  /** Null: calls with no assistant (or number) on record. */
  id: z.string().nullable(),
  name: z.string(),
  calls: count,
  cost: money,
  bookings: count,
  kept: count,
  costPerBookedVisit: money.nullable(),
  costPerKeptVisit: money.nullable(),
  estimatedValue: money.nullable(),
});
export type MoneyRow = z.infer<typeof MoneyRowSchema>;

export const AnalyticsSchema = z.object({
  range: z.object({ from: z.string(), to: z.string(), timeZone: z.string() }),
  calls: z.object({
    /** Calls created in the range: the same count Call Logs gives for it. */
    total: count,
    /** Inbound calls answered outside the practice's opening hours. */
    answeredAfterHours: count,
    averageDurationSeconds: z.number().nullable(),
    /** Every day of the range, in order. */
    byDay: z.array(z.object({ date: z.string(), count })),
    /** 7 rows (Sunday first) of 24 hours, in the practice's time zone. */
    byHourOfWeek: z.array(z.array(count)),
    endedReasons: z.array(z.object({ reason: z.string(), count })),
  }),
  bookings: z.object({
    /** Bookings the product made in the range, by any source. */
    total: count,
    bySource: z.object(
      Object.fromEntries(BOOKING_SOURCES.map((s) => [s, count])) as Record<BookingSource, typeof count>,
    ),
    /**
     * Bookings made on or from calls ÷ calls (ADR 057): bookings per call, not a share of calls, so above 1 when
     * calls book more than one visit each. Shown as bookings per 100 calls.
     */
    conversion: perCall,
    conversionBySource: z.object(
      Object.fromEntries(CALL_SOURCES.map((s) => [s, perCall])) as Record<
        (typeof CALL_SOURCES)[number],
        typeof perCall
      >,
    ),
    newPatients: count,
    returningPatients: count,
  }),
  /** What happened to the visits booked in the range: all of them, and by who booked them. */
  outcomes: OutcomeCountsSchema.extend({
    receptionist: OutcomeCountsSchema,
    staff: OutcomeCountsSchema,
  }),
  reminders: z.object({
    reminded: count,
    notReminded: count,
    /** Of the reminded visits, the share confirmed. */
    confirmedRate: rate,
    /** No-shows ÷ (kept + no-shows), among reminded and not reminded visits. */
    noShowRateReminded: rate,
    noShowRateNotReminded: rate,
  }),
  callbacks: z.object({ opened: count, closed: count, closedInTime: count }),
  money: z.object({
    totalCost: money,
    costPerCall: money.nullable(),
    /** Per visit the receptionist booked (every source but staff). */
    costPerBookedVisit: money.nullable(),
    costPerKeptVisit: money.nullable(),
    /** Of the visits the receptionist booked that were not lost; null until the practice sets a value. */
    estimatedValue: money.nullable(),
    byAssistant: z.array(MoneyRowSchema),
    byNumber: z.array(MoneyRowSchema),
  }),
});
export type Analytics = z.infer<typeof AnalyticsSchema>;

/** The most a visit may be said to be worth, in dollars. */
export const APPOINTMENT_VALUE_MAX = 100_000;

export const AppointmentValueSchema = z.object({
  appointmentType: z.string(),
  label: z.string(),
  /** Dollars (kept to the cent); null: not set. */
  value: z.number().nullable(),
});
export const AppointmentValuesResponseSchema = z.object({ values: z.array(AppointmentValueSchema) });
export type AppointmentValues = z.infer<typeof AppointmentValuesResponseSchema>;

export const AppointmentValuesBodySchema = z.object({
  values: z
    .array(
      z.object({
        appointmentType: z.string().trim().min(1, 'Choose an appointment type.').max(100),
        value: z
          .number({ error: 'A value is a number of dollars.' })
          .min(0, 'A value cannot be negative.')
          .max(APPOINTMENT_VALUE_MAX, `A value is at most $${APPOINTMENT_VALUE_MAX.toLocaleString('en-US')}.`)
          .nullable(),
      }),
    )
    .max(100),
});
export type AppointmentValuesBody = z.infer<typeof AppointmentValuesBodySchema>;
