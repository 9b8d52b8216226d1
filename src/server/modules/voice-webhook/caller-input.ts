import { tz } from '@date-fns/tz';
import { addDays, addYears, format, isValid, nextDay, parse, type Day } from 'date-fns';
import { isDate } from '../../lib/wall-time';

/**
 * Dates and times as callers (and the voice model speaking for them) say them: "tomorrow", "next Tuesday",
 * "December 3rd", "12/03", "2:30 pm", "14:30". Parsed with date-fns in the practice's time zone.
 */

const DATE_FORMATS = [
  'yyyy-MM-dd',
  'M/d/yyyy',
  'M/d/yy',
  'M/d',
  'M-d-yyyy',
  'MMMM d yyyy',
  'MMMM d',
  'MMM d yyyy',
  'MMM d',
  'd MMMM yyyy',
  'd MMMM',
  'd MMM yyyy',
  'd MMM',
  'EEEE MMMM d yyyy',
  'EEEE MMMM d',
  'EEEE MMM d',
];
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** `YYYY-MM-DD` for what a caller said, relative to `today` (practice-local `YYYY-MM-DD`); undefined if unclear. */
export function parseCallerDate(input: string, today: string, timeZone: string): string | undefined {
  // The usual case, what the voice model is told to send: no parsing needed.
  if (/^\d{4}-\d{2}-\d{2}$/.test(input.trim())) return isDate(input.trim()) ? input.trim() : undefined;
  const inZone = { in: tz(timeZone) };
  const reference = parse(today, 'yyyy-MM-dd', new Date(), inZone);
  const day = (d: Date) => format(d, 'yyyy-MM-dd', inZone);
  const text = input
    .toLowerCase()
    .replace(/(\d)(st|nd|rd|th)\b/g, '$1')
    .replace(/[,.]/g, ' ')
    .replace(/\b(the|of|on)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return undefined;
  if (text === 'today') return today;
  if (text === 'tomorrow') return day(addDays(reference, 1, inZone));
  if (text === 'day after tomorrow') return day(addDays(reference, 2, inZone));
  const weekday = /^(?:(?:this|next|coming) )?(\w+)$/.exec(text)?.[1];
  const index = weekday ? WEEKDAYS.indexOf(weekday) : -1;
  if (index >= 0) return day(nextDay(reference, index as Day, inZone));
  for (const pattern of DATE_FORMATS) {
    const parsed = parse(text, pattern, reference, inZone);
    if (!isValid(parsed)) continue;
    // "December 3" said in December after the 3rd means next year's.
    if (!/y/.test(pattern) && day(parsed) < today) return day(addYears(parsed, 1, inZone));
    return day(parsed);
  }
  return undefined;
}

/**
 * What to ask when a caller named a weekday beside a date that falls on another ("Tuesday, December 14" on a
 * Monday): the date alone would book a day the caller did not mean. Undefined when they agree or no weekday
 * was named with a date.
 */
export function weekdayClash(input: string, date: string): string | undefined {
  const said = WEEKDAYS.find((weekday) => new RegExp(`\\b${weekday}\\b`, 'i').test(input));
  if (!said || !/\d/.test(input)) return undefined;
  const actual = WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()]!;
  if (actual === said) return undefined;
  const name = (weekday: string) => weekday[0]!.toUpperCase() + weekday.slice(1);
  return `${date} is a ${name(actual)}, not a ${name(said)}: ask the caller which day they mean.`;
}

/** Minutes after midnight for "14:30", "2:30 pm", "2pm", "9", "noon"; a bare 1–7 means afternoon. */
export function parseCallerTime(input: string): number | undefined {
  const text = input
    .toLowerCase()
    .replace(/\b([ap])\.?\s?m\.?/g, '$1m')
    .replace(/\s+/g, '')
    .replace(/o'?clock$/, '');
  if (text === 'noon' || text === 'midday') return 12 * 60;
  const reference = new Date(2000, 0, 1);
  for (const pattern of ['H:mm', 'H:mm:ss', 'h:mma', 'ha', 'h.mma', 'H']) {
    const parsed = parse(text, pattern, reference);
    if (!isValid(parsed)) continue;
    const hour = parsed.getHours();
    const minutes = hour * 60 + parsed.getMinutes();
    return pattern === 'H' && hour >= 1 && hour <= 7 ? minutes + 12 * 60 : minutes;
  }
  return undefined;
}

export type TimeOfDay = 'morning' | 'afternoon' | 'evening';

/** What part of the day a caller prefers, or a specific time ("around 3") to get close to. */
export function parseTimePreference(input: string | undefined): TimeOfDay | number | undefined {
  const text = input?.toLowerCase().trim();
  if (!text || /\b(any|anytime|whenever|no preference|flexible)\b/.test(text)) return undefined;
  for (const part of ['morning', 'afternoon', 'evening'] as const) if (text.includes(part)) return part;
  return parseCallerTime(text.replace(/^(around|about|at|after|before)\s+/, ''));
}

export function matchesPreference(minutes: number, preference: TimeOfDay): boolean {
  if (preference === 'morning') return minutes < 12 * 60;
  if (preference === 'afternoon') return minutes >= 12 * 60 && minutes < 17 * 60;
  return minutes >= 17 * 60;
}
