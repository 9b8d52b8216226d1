import { PmsError } from './errors';
import { formatHm, minutesOfDay, normalizeWall, wallAt } from '../../lib/wall-time';
import type { Appointment, RescheduleInput, Slot } from './port';

/** Minutes from the practice-local midnight of one day; `end` is exclusive. */
export interface Interval {
  start: number;
  end: number;
}

export const DAY_MINUTES = 24 * 60;
export const DEFAULT_DURATION_MINUTES = 30;
/**
 * Offered times are every half hour whatever the visit's length (the spec's fallback list is too), so a
 * longer visit is offered at every start where it fits, not only at every multiple of its length.
 */
export const SLOT_STEP_MINUTES = 30;
const MAX_DURATION_MINUTES = 8 * 60;

/** Where a booking asks to sit: its day and its minutes of that day, checked for shape before any lookup. */
export function bookingWindow(input: { startTime: string; durationMinutes?: number }) {
  const duration = checkDuration(input.durationMinutes);
  const wallStart = normalizeWall(input.startTime);
  if (!wallStart) throw new PmsError('bad_request', `Not a wall time (YYYY-MM-DDTHH:mm): ${input.startTime}`);
  const start = minutesOfDay(wallStart);
  const wanted: Interval = { start, end: start + duration };
  if (wanted.end > DAY_MINUTES) throw new PmsError('bad_request', 'Appointments cannot run past midnight');
  return { duration, wallStart, date: wallStart.slice(0, 10), start, wanted };
}

/**
 * The appointment a move starts from and the window it moves to (its own length unless another is asked):
 * 'not_found' for an unknown id, 'conflict' for one cancelled or completed.
 */
export async function moveWindow(
  getAppointment: (remoteId: string) => Promise<Appointment | undefined>,
  remoteId: string,
  input: RescheduleInput,
) {
  const current = await getAppointment(remoteId);
  if (!current) throw new PmsError('not_found', `Unknown appointment: ${remoteId}`);
  if (current.cancelled || current.completed)
    throw new PmsError('conflict', 'This appointment can no longer be moved.');
  const ownLength = Math.round((current.end.getTime() - current.start.getTime()) / 60_000);
  const window = bookingWindow({
    startTime: input.startTime,
    durationMinutes: input.durationMinutes ?? ownLength,
  });
  return { current, ...window };
}

/** An appointment length in whole minutes, the default when absent; anything else is a bad request. */
export function checkDuration(minutes: number | undefined): number {
  const duration = minutes ?? DEFAULT_DURATION_MINUTES;
  if (!Number.isInteger(duration) || duration <= 0 || duration > MAX_DURATION_MINUTES) {
    throw new PmsError(
      'bad_request',
      `Duration must be a whole number of minutes up to ${MAX_DURATION_MINUTES}`,
    );
  }
  return duration;
}

export function overlaps(a: Interval, b: Interval): boolean {
  return a.start < b.end && b.start < a.end;
}

/** Sorted, with overlapping or touching intervals merged and empty ones dropped. */
export function mergeIntervals(intervals: Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const merged: Interval[] = [];
  for (const { start, end } of sorted) {
    const last = merged.at(-1);
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else merged.push({ start, end });
  }
  return merged;
}

export function subtractIntervals(from: Interval[], remove: Interval[]): Interval[] {
  const cuts = mergeIntervals(remove);
  const result: Interval[] = [];
  for (const interval of mergeIntervals(from)) {
    let cursor = interval.start;
    for (const cut of cuts) {
      if (cut.end <= cursor || cut.start >= interval.end) continue;
      if (cut.start > cursor) result.push({ start: cursor, end: cut.start });
      cursor = Math.max(cursor, cut.end);
    }
    if (cursor < interval.end) result.push({ start: cursor, end: interval.end });
  }
  return result;
}

export function isFree(candidate: Interval, free: Interval[]): boolean {
  return free.some((f) => f.start <= candidate.start && candidate.end <= f.end);
}

export interface SlotStartsInput {
  /** Working hours (schedule blocks). */
  open: Interval[];
  /** Booked appointments, block-outs. */
  busy: Interval[];
  durationMinutes?: number;
  /** Defaults to `SLOT_STEP_MINUTES`. */
  stepMinutes?: number;
  /** Earliest allowed start, e.g. "now" on today; `Infinity` for a past day. */
  notBefore?: number;
}

/**
 * Start minutes where `durationMinutes` fits in open time minus busy time. Candidates step from the start of
 * each working block, so offers stay on the practice's grid (9:00, 9:30, …) even after an odd-length booking.
 */
export function slotStarts({
  open,
  busy,
  durationMinutes = DEFAULT_DURATION_MINUTES,
  stepMinutes = SLOT_STEP_MINUTES,
  notBefore = -Infinity,
}: SlotStartsInput): number[] {
  if (!(durationMinutes > 0) || !(stepMinutes > 0)) return [];
  const free = subtractIntervals(open, busy);
  const starts: number[] = [];
  for (const block of mergeIntervals(open)) {
    for (let start = block.start; start + durationMinutes <= block.end; start += stepMinutes) {
      if (start >= notBefore && isFree({ start, end: start + durationMinutes }, free)) starts.push(start);
    }
  }
  return starts;
}

/** `notBefore` for `slotStarts` on `date`, given the practice-local wall time now. */
export function earliestStart(date: string, nowWall: string): number {
  const today = nowWall.slice(0, 10);
  if (date < today) return Infinity;
  if (date > today) return -Infinity;
  return minutesOfDay(nowWall);
}

/** One provider's day for `mergeSlots`. */
export interface SlotCandidate {
  providerId: string;
  providerName: string;
  /** Working hours. */
  open: Interval[];
  /** Booked or blocked. */
  busy: Interval[];
}

/**
 * The times offered on `date` over several providers, earliest first: each start once, with the first
 * candidate (in the order given) free then. When `roomFree` is given (the practice has rooms), a start also
 * needs a free room. Every adapter offers slots through this.
 */
export function mergeSlots({
  date,
  candidates,
  durationMinutes,
  notBefore,
  roomFree,
}: {
  date: string;
  candidates: SlotCandidate[];
  durationMinutes: number;
  notBefore: number;
  roomFree?: (interval: Interval) => boolean;
}): Slot[] {
  const byStart = new Map<number, Slot>();
  for (const { providerId, providerName, open, busy } of candidates) {
    for (const start of slotStarts({ open, busy, durationMinutes, notBefore })) {
      if (byStart.has(start)) continue;
      if (roomFree && !roomFree({ start, end: start + durationMinutes })) continue;
      byStart.set(start, { time: formatHm(start), startTime: wallAt(date, start), providerId, providerName });
    }
  }
  return [...byStart.entries()].sort(([a], [b]) => a - b).map(([, slot]) => slot);
}
