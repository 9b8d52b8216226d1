import * as chrono from 'chrono-node';
import type { Found } from './found';

/** Wall-clock "now" of the practice: chrono reads dates relative to it (as a process-local Date). */
export interface WallNow {
  year: number;
  month: number;
  day: number;
  reference: Date;
}

const DATE_HINT =
  /\b(?:today|tomorrow|tonight|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|days?|weeks?|\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|\w+teenth|twentieth|thirtieth)\b/i;
const NOT_THE_VISIT = /\b(last|since|ago|was|were|had|did|born|birth|birthday|yesterday)\s*$/i;
const VAGUE = /^(?:(?:next|this|the) week|a week|(?:this|next) weekend|weekend)$/i;

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

const ORDINAL_WORDS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  thirtieth: 30,
};
const BARE_DAY =
  /\bthe\s+(?:(\d{1,2})(?:st|nd|rd|th)|(twenty|thirty)[\s-](first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth))\b/gi;

/** "the 3rd", "the twenty third": the next day of that number, this month or the next. */
function bareDays(text: string, offset: number, now: WallNow): Found[] {
  const found: Found[] = [];
  for (const match of text.matchAll(BARE_DAY)) {
    const day = match[1]
      ? Number(match[1])
      : match[2]
        ? (match[2].toLowerCase() === 'twenty' ? 20 : 30) + ORDINAL_WORDS[match[3]!.toLowerCase()]!
        : ORDINAL_WORDS[match[4]!.toLowerCase()]!;
    if (day < 1 || day > 31) continue;
    let { year, month } = now;
    if (day < now.day) month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
    const probe = new Date(Date.UTC(year, month - 1, day));
    if (probe.getUTCDate() !== day) continue;
    const start = offset + match.index;
    found.push({ value: ymd(year, month, day), ranges: [{ start, end: start + match[0].length }] });
  }
  return found;
}

/** Dates of a visit said in a turn ("tomorrow", "next Tuesday", "December 3rd", "the 3rd"); past ones skipped. */
export function findDates(text: string, offset: number, now: WallNow): Found[] {
  if (!DATE_HINT.test(text)) return [];
  const found: Found[] = [];
  const today = ymd(now.year, now.month, now.day);
  // Parts of the day are read by findTimes; chrono drops the weekday of "afternoon next Wednesday".
  const plain = text.replace(/\b(?:morning|afternoon|evening)s?\b/gi, (word) => ' '.repeat(word.length));
  for (const result of chrono.parse(plain, now.reference, { forwardDate: true })) {
    const known = result.start;
    if (!known.isCertain('day') && !known.isCertain('weekday')) continue;
    const said = result.text.replace(/\s+(?:at|around|about|by)\s.*$/i, '').replace(/[\s,.;]+$/, '');
    if (VAGUE.test(said.trim())) continue;
    if (NOT_THE_VISIT.test(text.slice(0, result.index))) continue;
    if (/\b(?:last|ago|yesterday)\b/i.test(said)) continue;
    // "How can I help you today?" is a greeting, not an offer of today.
    if (
      /^today$/i.test(said) &&
      /\b(?:help|assist) you\s*$|\bare you\s*$|\bcalling\s*$/i.test(text.slice(0, result.index))
    )
      continue;
    const value = ymd(known.get('year')!, known.get('month')!, known.get('day')!);
    if (value < today) continue;
    const start = offset + result.index;
    found.push({ value, ranges: [{ start, end: start + said.length }] });
  }
  for (const bare of bareDays(text, offset, now)) {
    if (
      !found.some(
        (f) => f.ranges[0]!.start <= bare.ranges[0]!.start && f.ranges[0]!.end >= bare.ranges[0]!.end,
      )
    )
      found.push(bare);
  }
  return found.sort((a, b) => a.ranges[0]!.start - b.ranges[0]!.start);
}

const HOUR_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};
const MINUTE_WORDS: Record<string, number> = {
  "o'clock": 0,
  oclock: 0,
  fifteen: 15,
  thirty: 30,
  'forty five': 45,
  'forty-five': 45,
  'oh five': 5,
  twenty: 20,
  ten: 10,
  forty: 40,
  fifty: 50,
};
const HOUR = '(\\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)';
const MINUTE = `(?::(\\d{2})|\\s+(o'clock|oclock|fifteen|thirty|forty[- ]five|oh five|twenty|forty|fifty)\\b)?`;
const MERIDIEM = '(?:\\s*(a\\.?\\s?m\\.?|p\\.?\\s?m\\.?)(?![a-z]))?';
const CLOCK = new RegExp(`(?<![\\w:.])${HOUR}${MINUTE}${MERIDIEM}(?![\\w:])`, 'gi');
const BARE_CONTEXT = /\b(?:at|around|about|say|by|after|maybe|until|till|between)\s+$/;
const NOT_A_CLOCK =
  /^\s*(?:minutes?|mins?|hours?|dollars?|bucks|years?|days?|weeks?|months?|percent|kids|people|teeth|times|of|in the (?:list|line))\b/i;
const HALF_PAST =
  /\b(half|quarter) (past|after|to) (\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/gi;
const NAMED = /\b(noon|midday|lunch ?time|around lunch|over lunch)\b/gi;
const PART = /\b(morning|afternoon|evening|after work|after school|end of the day)s?\b/gi;
const PART_TIME: Record<string, number> = { morning: 9 * 60, afternoon: 14 * 60, evening: 17 * 60 };

function hourValue(word: string): number {
  return /^\d+$/.test(word) ? Number(word) : HOUR_WORDS[word.toLowerCase()]!;
}

/** A clock hour as a practice means it: "at 2" is 2 pm, "at 9" is 9 am, unless the turn says otherwise. */
function toMinutes(
  hour: number,
  minute: number,
  meridiem: string | undefined,
  part: string | undefined,
): number | null {
  if (hour > 23 || minute > 59) return null;
  const m = meridiem?.toLowerCase().replace(/[.\s]/g, '');
  let h = hour;
  if (m === 'pm' && h < 12) h += 12;
  else if (m === 'am' && h === 12) h = 0;
  else if (!m && h <= 12) {
    if (part === 'morning') h = h === 12 ? 12 : h;
    else if (part && part !== 'morning' && h < 12) h += 12;
    else if (h >= 1 && h <= 6) h += 12;
  }
  return h * 60 + minute;
}

const hm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

function partOf(text: string): string | undefined {
  const match = /\b(morning|afternoon|evening)\b/i.exec(text);
  return match?.[1]?.toLowerCase();
}

/**
 * Times said in a turn: "10", "at 10:30 am", "around ten", "ten thirty", "half past two", "noon"; only a part
 * of the day ("in the afternoon") gives that part's first hour the practice likes (morning 09:00,
 * afternoon 14:00, evening 17:00).
 */
export function findTimes(
  text: string,
  offset: number,
  masked: { start: number; end: number }[] = [],
): Found[] {
  const found: Found[] = [];
  const part = partOf(text);
  const free = (start: number, end: number) =>
    !masked.some((m) => start < m.end - offset && end > m.start - offset) &&
    !found.some((f) => start < f.ranges[0]!.end - offset && end > f.ranges[0]!.start - offset);
  for (const match of text.matchAll(HALF_PAST)) {
    const start = match.index;
    const end = start + match[0].length;
    const hour = hourValue(match[3]!);
    const base = toMinutes(hour, 0, undefined, part);
    if (base === null || !free(start, end)) continue;
    const minutes =
      match[1]!.toLowerCase() === 'half'
        ? base + 30
        : match[2]!.toLowerCase() === 'to'
          ? base - 15
          : base + 15;
    found.push({ value: hm(minutes), ranges: [{ start: offset + start, end: offset + end }] });
  }
  for (const match of text.matchAll(CLOCK)) {
    const start = match.index;
    // "2:30 PM." ends a sentence: the full stop is not part of the time.
    const end = start + match[0].replace(/(?<=[ap]m)\.$/i, '').length;
    const [, hourText, digits, words, meridiem] = match;
    if (/^\d+$/.test(hourText!) && hourText!.length > 2) continue;
    if (NOT_A_CLOCK.test(text.slice(end))) continue;
    // A bare number needs a time-like word before it to be a time ("for 2 kids", "is 4" are not).
    const explicit = digits !== undefined || words !== undefined || meridiem !== undefined;
    const before = text.slice(0, start).toLowerCase();
    if (!explicit && !BARE_CONTEXT.test(before) && !/\b(?:at|around|about)\s+\S+\s+or\s+$/.test(before))
      continue;
    const minute =
      digits !== undefined
        ? Number(digits)
        : words
          ? (MINUTE_WORDS[words.toLowerCase().replace('-', ' ')] ?? 0)
          : 0;
    const value = toMinutes(hourValue(hourText!), minute, meridiem, part);
    if (value === null || !free(start, end)) continue;
    found.push({ value: hm(value), ranges: [{ start: offset + start, end: offset + end }] });
  }
  for (const match of text.matchAll(NAMED)) {
    if (!free(match.index, match.index + match[0].length)) continue;
    const start = offset + match.index;
    found.push({ value: '12:00', ranges: [{ start, end: start + match[0].length }] });
  }
  if (found.length === 0) {
    for (const match of text.matchAll(PART)) {
      const word = match[1]!.toLowerCase();
      const minutes = PART_TIME[word] ?? 17 * 60;
      const start = offset + match.index;
      found.push({ value: hm(minutes), ranges: [{ start, end: start + match[0].length }] });
    }
  }
  return found.sort((a, b) => a.ranges[0]!.start - b.ranges[0]!.start);
}
