import type { Appointment } from './port';

/**
 * What recall (issue 24) counts as a patient's routine visit, in one place for every adapter.
 */

/**
 * The hygiene visits among the appointment types (the types table holds the spec's ten, used by every kind of
 * practice): a cleaning or a checkup.
 */
export const HYGIENE_TYPES = ['dental_cleaning', 'dental_checkup'] as const;

/** How a practice system may name those visits itself (Kolla's `short_description`: "Prophy", "Recall"…). */
const HYGIENE_WORDS = /\b(clean(ing)?|check-?up|prophy(laxis)?|hygiene|recall)\b/i;

/**
 * How far back a patient's history is read. A patient whose last hygiene visit is older than this is not
 * listed: after three years the practice usually treats them as gone, and the read stays bounded (Kolla pages
 * through every appointment in the range).
 */
export const RECALL_LOOKBACK_MONTHS = 36;

export function isHygieneVisit(appointmentType: string | undefined): boolean {
  if (!appointmentType) return false;
  return (
    (HYGIENE_TYPES as readonly string[]).includes(appointmentType) || HYGIENE_WORDS.test(appointmentType)
  );
}

/**
 * A visit the patient kept: not cancelled (Kolla: nor broken, which the port reports as cancelled) and already
 * over. THE rule; the built-in schedule's SQL (`keptVisit` in sandbox-adapter.ts) says the same, and a test
 * holds the two together. A no-show (ADR 057) is cancelled in the port's terms, so it is never kept.
 */
export function isKeptVisit(visit: Pick<Appointment, 'cancelled' | 'end'>, now: Date): boolean {
  return !visit.cancelled && visit.end.getTime() <= now.getTime();
}

/** Live and not over yet: the patient has something booked. */
export function isBooked(visit: Pick<Appointment, 'cancelled' | 'end'>, now: Date): boolean {
  return !visit.cancelled && visit.end.getTime() > now.getTime();
}
