import {
  addDays,
  addMinutes,
  differenceInCalendarDays,
  format,
  getHours,
  getMinutes,
  parseISO,
  startOfDay,
  startOfWeek,
} from 'date-fns';
import type { AppointmentItem } from '#shared/schemas/schedule';

/** Part 1, section 9: the week starts on Sunday, steps 7 days and has 48 half-hour rows. */
export const WEEK_STARTS_ON = 0;
export const DAYS_PER_WEEK = 7;
export const ROWS_PER_DAY = 48;
export const ROW_MINUTES = 30;
/** The row scrolled into view first: the start of a practice's working day. */
export const WORKDAY_FIRST_ROW = 8 * 2;
export const REFETCH_INTERVAL_MS = 30_000;

export const weekStartOf = (date: Date): Date => startOfWeek(date, { weekStartsOn: WEEK_STARTS_ON });

export const weekDays = (weekStart: Date): Date[] =>
  Array.from({ length: DAYS_PER_WEEK }, (_, i) => addDays(weekStart, i));

/** The request range for a week: [Sunday, next Sunday) as practice-local dates. */
export const weekRange = (weekStart: Date) => ({
  start: format(weekStart, 'yyyy-MM-dd'),
  end: format(addDays(weekStart, DAYS_PER_WEEK), 'yyyy-MM-dd'),
});

/** 'Mar 1 - Mar 7, 2026' (the year of the Saturday). */
export const weekLabel = (weekStart: Date): string =>
  `${format(weekStart, 'MMM d')} - ${format(addDays(weekStart, DAYS_PER_WEEK - 1), 'MMM d, yyyy')}`;

/** '12:00 AM' … '11:30 PM' for the 48 rows. */
export const rowLabel = (row: number): string =>
  format(addMinutes(startOfDay(new Date(2000, 0, 1)), row * ROW_MINUTES), 'h:mm a');

/**
 * Where an appointment sits, by the practice's wall time: the row whose hour matches and whose start minute
 * is within 30 minutes of the row; undefined outside the week.
 */
export function placement(wallStart: string, weekStart: Date): { day: number; row: number } | undefined {
  const start = parseISO(wallStart);
  const day = differenceInCalendarDays(start, weekStart);
  if (Number.isNaN(day) || day < 0 || day >= DAYS_PER_WEEK) return undefined;
  return { day, row: getHours(start) * 2 + (getMinutes(start) >= ROW_MINUTES ? 1 : 0) };
}

/** Appointments by cell key `${day}:${row}`, in start order. */
export function placeAppointments(
  appointments: AppointmentItem[],
  weekStart: Date,
): Map<string, AppointmentItem[]> {
  const cells = new Map<string, AppointmentItem[]>();
  const sorted = [...appointments].sort((a, b) => a.wall_start_time.localeCompare(b.wall_start_time));
  for (const appointment of sorted) {
    const at = placement(appointment.wall_start_time, weekStart);
    if (!at) continue;
    const key = cellKey(at.day, at.row);
    const cell = cells.get(key);
    if (cell) cell.push(appointment);
    else cells.set(key, [appointment]);
  }
  return cells;
}

export const cellKey = (day: number, row: number) => `${day}:${row}`;

export type DisplayStatus = 'no_show' | 'cancelled' | 'completed' | 'confirmed' | 'pending';

/**
 * Part 1, section 4: cancelled, completed, confirmed, otherwise pending, checked in that order; a no-show
 * (issue 25, also cancelled: its time is free) before all of them.
 */
export function displayStatus(
  a: Pick<AppointmentItem, 'cancelled' | 'completed' | 'confirmed'> & { no_show?: boolean },
): DisplayStatus {
  if (a.no_show) return 'no_show';
  if (a.cancelled) return 'cancelled';
  if (a.completed) return 'completed';
  return a.confirmed ? 'confirmed' : 'pending';
}

export const STATUS_LABELS: Record<DisplayStatus, string> = {
  no_show: 'No-show',
  cancelled: 'Cancelled',
  completed: 'Completed',
  confirmed: 'Confirmed',
  pending: 'Pending',
};

/** The visit's time has come: staff may say whether it was kept. */
export const hasStarted = (a: AppointmentItem, now: Date) => new Date(a.start_time) <= now;

/** Staff may mark it kept or a no-show: it has started and was not cancelled (a no-show may be corrected). */
export const canBeSettled = (a: AppointmentItem, now: Date) =>
  hasStarted(a, now) && (!a.cancelled || a.no_show);

/** What happened to a visit that has started (issue 25); undefined for one still ahead. */
export function outcomeLabel(a: AppointmentItem, now: Date): string | undefined {
  if (!hasStarted(a, now)) return undefined;
  if (a.no_show) return 'No-show';
  if (a.cancelled) return 'Cancelled';
  return a.completed ? 'Kept' : 'Not marked yet';
}

export function weekCounts(appointments: AppointmentItem[]) {
  const statuses = appointments.map(displayStatus);
  return {
    total: appointments.length,
    confirmed: statuses.filter((s) => s === 'confirmed').length,
    completed: statuses.filter((s) => s === 'completed').length,
  };
}

export const patientName = (a: AppointmentItem): string =>
  a.contact.name || `${a.contact.given_name} ${a.contact.family_name}`.trim();

const resourceOfType = (a: AppointmentItem, type: string) =>
  a.resources.find((r) => r.type.toLowerCase() === type);

/**
 * The dentist: the appointment's provider, else its provider resource, else 'Dr. Unknown'. (The spec's text
 * names the operatory here, which is the room, not the dentist; the room shows as Location.)
 */
export const providerLabel = (a: AppointmentItem): string =>
  a.providers[0]?.display_name || resourceOfType(a, 'provider')?.display_name || 'Dr. Unknown';

export const locationLabel = (a: AppointmentItem): string | undefined =>
  a.operatory ?? resourceOfType(a, 'operatory')?.display_name;

export const timeRange = (a: AppointmentItem): string =>
  `${format(parseISO(a.wall_start_time), 'h:mm a')} - ${format(parseISO(a.wall_end_time), 'h:mm a')}`;

export const longDate = (a: AppointmentItem): string =>
  format(parseISO(a.wall_start_time), 'EEEE, MMMM d, yyyy');

export interface NoteFields {
  phone?: string;
  email?: string;
  appointmentType?: string;
  notes?: string;
}

const NOTE_LINES: [RegExp, keyof NoteFields][] = [
  [/^phone:\s*(.*)$/i, 'phone'],
  [/^email:\s*(.*)$/i, 'email'],
  [/^appointment type:\s*(.*)$/i, 'appointmentType'],
  [/^notes:\s*(.*)$/i, 'notes'],
];

/** The labelled lines of an appointment's notes; 'No additional notes' is hidden, an empty e-mail is N/A. */
export function parseNotes(text: string): NoteFields {
  const fields: NoteFields = {};
  let labelled = false;
  for (const line of text.split('\n').map((l) => l.trim())) {
    for (const [pattern, field] of NOTE_LINES) {
      const match = pattern.exec(line);
      if (match) {
        fields[field] = match[1]!.trim();
        labelled = true;
      }
    }
  }
  // Notes written by hand in the practice system carry no labels: all of it is the note.
  if (!labelled) fields.notes = text.trim();
  if ('email' in fields && !fields.email) fields.email = 'N/A';
  if (!fields.notes || fields.notes === 'No additional notes') delete fields.notes;
  return fields;
}
