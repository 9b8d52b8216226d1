import { FIRST_AVAILABLE_PROVIDER, type SlotItem } from '#shared/schemas/schedule';
import type { App } from '../app-types';
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

/**
 * `count` different weekdays in a row, the first at least `days` ahead. Not `weekdayAhead(now, 3)` and
 * `weekdayAhead(now, 4)`: on a Wednesday both are the Monday.
 */
export function weekdaysAhead(now: Date, days: number, count: number): string[] {
  const dates = [weekdayAhead(now, days)];
  while (dates.length < count) {
    let date = addDays(dates.at(-1)!, 1);
    while (!isWeekday(date)) date = addDays(date, 1);
    dates.push(date);
  }
  return dates;
}

/** The free times the API lists for a provider (or `first_available`) on a day, optionally for a visit type. */
export async function listSlots(
  app: App,
  session: string,
  date: string,
  provider: string,
  appointmentType?: string,
): Promise<SlotItem[]> {
  const query = appointmentType ? `?appointment_type=${appointmentType}` : '';
  const response = await app.inject({
    method: 'GET',
    url: `/api/slots/${date}/${provider}${query}`,
    headers: { authorization: `Bearer ${session}` },
  });
  if (response.statusCode !== 200) throw new Error(`slots for ${date}: ${response.statusCode}`);
  return (response.json() as { slots: SlotItem[] }).slots;
}

/** The first free time the API lists for a provider on a day. */
export async function firstFreeSlot(
  app: App,
  session: string,
  date: string,
  provider: string,
): Promise<SlotItem> {
  const [slot] = await listSlots(app, session, date, provider);
  if (!slot) throw new Error(`no free slot on ${date}`);
  return slot;
}

/**
 * The first Monday–Friday at least `days` after today on which the API offers `time` (HH:mm) for
 * `appointmentType` with the first available provider: asked of the API, so neither the day the tests run nor
 * what the demo seed happens to hold decides whether a booking in a test can succeed.
 */
export async function weekdayWithFreeTime(
  app: App,
  session: string,
  { now, days, time, appointmentType }: { now: Date; days: number; time: string; appointmentType: string },
): Promise<string> {
  let date = weekdayAhead(now, days);
  for (let tries = 0; tries < 60; tries++, date = weekdayAhead(new Date(`${date}T12:00:00Z`), 1)) {
    const slots = await listSlots(app, session, date, FIRST_AVAILABLE_PROVIDER, appointmentType);
    if (slots.some((slot) => slot.start_time.slice(11, 16) === time)) return date;
  }
  throw new Error(`no weekday with ${time} free for ${appointmentType} in the next 60`);
}

/**
 * The first Monday–Friday at least `days` after today on which the API lists a free time for `appointmentType`
 * with the first available provider, and that first free time: asked of the API, so neither the day the tests
 * run nor what the demo seed happens to hold decides whether a booking in a test can succeed.
 */
export async function firstFreeWeekdaySlot(
  app: App,
  session: string,
  { now, days, appointmentType }: { now: Date; days: number; appointmentType: string },
): Promise<{ date: string; slot: SlotItem }> {
  let date = weekdayAhead(now, days);
  for (let tries = 0; tries < 60; tries++, date = weekdayAhead(new Date(`${date}T12:00:00Z`), 1)) {
    const [slot] = await listSlots(app, session, date, FIRST_AVAILABLE_PROVIDER, appointmentType);
    if (slot) return { date, slot };
  }
  throw new Error(`no weekday with a free time for ${appointmentType} in the next 60`);
}
