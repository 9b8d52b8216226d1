import type { Appointment } from '../../integrations/practice-management/port';
import type { OutcomeRecord } from './schedule.repo';

/** A cancellation less than this long before the visit is a late one (issue 24). */
export const LATE_CANCELLATION_MS = 24 * 3600_000;

/** Whether a cancellation at `at` of a visit starting at `start` is late. */
export const isLate = (start: Date, at: Date): boolean =>
  start.getTime() - at.getTime() < LATE_CANCELLATION_MS;

/**
 * What the practice system says happened to a visit, when it says anything: a no-show, a cancellation (late
 * when less than 24 hours before the start) or a kept visit, as of its last change (`updatedAt`, else `now`).
 * A live visit says nothing yet.
 */
export function outcomeOf(a: Appointment, now: Date): OutcomeRecord | undefined {
  const decidedAt = a.updatedAt ?? now;
  const record = (outcome: OutcomeRecord['outcome'], late = false): OutcomeRecord => ({
    appointmentRef: a.remoteId,
    outcome,
    late,
    decidedAt,
  });
  if (a.noShow) return record('no_show');
  if (a.cancelled) return record('cancelled', isLate(a.start, decidedAt));
  if (a.completed) return record('kept');
  return undefined;
}
