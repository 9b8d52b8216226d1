import { TZDate } from '@date-fns/tz';
import { memoize } from '#shared/memoize';

/**
 * Practice-local wall times: `YYYY-MM-DDTHH:mm:ss`, no offset. Arithmetic on them is done on the clock face,
 * never through the server's zone.
 */

const WALL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const HM = /^(\d{2}):(\d{2})(?::\d{2})?$/;

interface WallParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function validParts(p: WallParts): boolean {
  const probe = new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second));
  return (
    probe.getUTCFullYear() === p.year &&
    probe.getUTCMonth() === p.month - 1 &&
    probe.getUTCDate() === p.day &&
    p.hour < 24 &&
    p.minute < 60 &&
    p.second < 60
  );
}

// Slot and booking arithmetic reads the same few wall times over and over. The parts are shared: never mutated.
const parts = memoize(parseParts, (wall) => wall);

function parseParts(wall: string): WallParts | undefined {
  const m = WALL.exec(wall.trim());
  if (!m) return undefined;
  const p = {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4]),
    minute: Number(m[5]),
    second: Number(m[6] ?? 0),
  };
  return validParts(p) ? p : undefined;
}

const format = (p: WallParts): string =>
  `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;

/** Accepts `YYYY-MM-DD HH:mm[:ss]` or with `T`; returns the canonical form, or undefined when invalid. */
export function normalizeWall(wall: string): string | undefined {
  const p = parts(wall);
  return p && format(p);
}

export function isDate(value: string): boolean {
  const m = DATE.exec(value);
  return (
    !!m &&
    validParts({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), hour: 0, minute: 0, second: 0 })
  );
}

// Zone conversions are costly and the same few (now, midnights, slot starts) recur on every request.
const wallOfSecond = memoize(
  (second: number, timeZone: string) => {
    const z = new TZDate(second * 1000, timeZone);
    return format({
      year: z.getFullYear(),
      month: z.getMonth() + 1,
      day: z.getDate(),
      hour: z.getHours(),
      minute: z.getMinutes(),
      second: z.getSeconds(),
    });
  },
  (second, timeZone) => `${timeZone}|${second}`,
);

export function wallFromInstant(instant: Date, timeZone: string): string {
  return wallOfSecond(Math.floor(instant.getTime() / 1000), timeZone);
}

const timeOfWall = memoize(
  (wall: string, timeZone: string) => {
    const p = parts(wall);
    if (!p) throw new RangeError(`Invalid wall time: ${wall}`);
    return new TZDate(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, timeZone).getTime();
  },
  (wall, timeZone) => `${timeZone}|${wall}`,
);

export function instantFromWall(wall: string, timeZone: string): Date {
  return new Date(timeOfWall(wall, timeZone));
}

export function addMinutesToWall(wall: string, minutes: number): string {
  const p = parts(wall);
  if (!p) throw new RangeError(`Invalid wall time: ${wall}`);
  const d = new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) + minutes * 60_000);
  return format({
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  });
}

/** The practice-local day as an instant range [start, end). */
export function dayRange(date: string, timeZone: string): { start: Date; end: Date } {
  const start = `${date}T00:00:00`;
  return {
    start: instantFromWall(start, timeZone),
    end: instantFromWall(addMinutesToWall(start, 24 * 60), timeZone),
  };
}

/** Minutes since the wall day's midnight, seconds as a fraction. */
export function minutesOfDay(wall: string): number {
  const p = parts(wall);
  if (!p) throw new RangeError(`Invalid wall time: ${wall}`);
  return p.hour * 60 + p.minute + p.second / 60;
}

export function parseHm(hm: string): number | undefined {
  const m = HM.exec(hm.trim());
  if (!m) return undefined;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h < 24 && min < 60 ? h * 60 + min : undefined;
}

export function formatHm(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

export function wallAt(date: string, minutes: number): string {
  return `${date}T${formatHm(minutes)}:00`;
}

/** `YYYY-MM-DD` plus whole calendar months; a day the month lacks becomes its last (Aug 31 − 6 → Feb 28/29). */
export function addMonthsToDate(date: string, months: number): string {
  const [year, month, day] = date.slice(0, 10).split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = index - y * 12;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return `${String(y).padStart(4, '0')}-${pad(m + 1)}-${pad(Math.min(day, last))}`;
}

/** Whole calendar months from `from` to `to` (`YYYY-MM-DD`), counted as `addMonthsToDate` steps; 0 if not after. */
export function wholeMonthsBetween(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  let months = (ty - fy) * 12 + (tm - fm);
  if (addMonthsToDate(from, months) > to) months--;
  return Math.max(0, months);
}
