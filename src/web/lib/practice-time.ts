import { tz, TZDate } from '@date-fns/tz';
import { format, parseISO } from 'date-fns';

/**
 * A moment as the practice's wall time, with the zone's name ("Mar 2, 2026, 10:04 AM EST"; without the year,
 * "Mar 2, 10:04 AM EST"), so staff read the practice's time wherever they sit. Each list response carries the
 * practice's `timeZone`; until it is known, the browser's zone.
 */
export function formatPracticeTime(
  iso: string | null | undefined,
  timeZone: string | undefined,
  { year = true }: { year?: boolean } = {},
): string {
  if (!iso) return '–';
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: year ? 'numeric' : undefined,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  })
    .format(new Date(iso))
    .replace(/\u202f/g, ' ');
}

/**
 * The instant a calendar day (yyyy-mm-dd, as a date input gives it) starts at the practice, or the next day
 * when `nextDay` (an exclusive end bound): a filter then covers the days staff see in the times listed.
 */
export function practiceDayStart(
  day: string,
  timeZone: string | undefined,
  nextDay = false,
): string | undefined {
  if (!day) return undefined;
  const [year, month, date] = day.split('-').map(Number);
  const parts = [year!, month! - 1, date! + (nextDay ? 1 : 0)] as const;
  return new Date((timeZone ? new TZDate(...parts, timeZone) : new Date(...parts)).getTime()).toISOString();
}

/** Today on the practice's calendar (the browser's until the practice's time zone is known), as a local midnight. */
export function practiceToday(timeZone: string | undefined, now: Date = new Date()): Date {
  return parseISO(format(now, 'yyyy-MM-dd', timeZone ? { in: tz(timeZone) } : undefined));
}
