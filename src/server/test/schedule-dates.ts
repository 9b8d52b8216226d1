import { addMinutesToWall, wallFromInstant } from '../lib/wall-time';

/** Helpers for the schedule API tests (the demo practice runs on America/New_York). */

export const PRACTICE_ZONE = 'America/New_York';

export const practiceToday = (now: Date) => wallFromInstant(now, PRACTICE_ZONE).slice(0, 10);

export const addDays = (date: string, days: number) =>
  addMinutesToWall(`${date}T00:00:00`, days * 1440).slice(0, 10);

const isWeekday = (date: string) => {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day >= 1 && day <= 5;
};

/** The first Monday–Friday at least `days` after today. */
export function weekdayAhead(now: Date, days: number): string {
  let date = addDays(practiceToday(now), days);
  while (!isWeekday(date)) date = addDays(date, 1);
  return date;
}
