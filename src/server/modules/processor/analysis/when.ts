import * as chrono from 'chrono-node';
import type { Found } from './found';
import { wordsBefore } from './transcript-lines';

/** Wall-clock "now" of the practice: chrono reads dates relative to it (as a process-local Date). */
export interface WallNow {
  year: number;
  month: number;
  day: number;
  reference: Date;
}

const DATE_HINT =
  /\b(?:today|tomorrow|tonight|(?:mon|tues|wednes|thurs|fri|satur|sun)days?|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t|tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|days?|weeks?|\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|\w+teenth|twentieth|thirtieth|fortnight)\b|\b\d{1,2}\/\d{1,2}\b/i;
const NOT_THE_VISIT = /\b(last|since|ago|was|were|had|did|born|birth|birthday|yesterday)\s*$/i;
const NEXT_WEEK = /\bnext week\b/i;
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

const MONTH_NAMES =
  /\b(?:(jan(?:uary)?)|(feb(?:ruary)?)|(march)|(apr(?:il)?)|(May(?!\s+(?:I|we|you)\b)|(?<=\bin )may)|(june)|(july)|(aug(?:ust)?)|(sept?(?:ember)?)|(oct(?:ober)?)|(nov(?:ember)?)|(dec(?:ember)?)|(next month))\b/gi;

/** The most text chrono is given at once: whole sentences up to about this length. */
const CHRONO_PIECE = 600;

/**
 * chrono's dates in a turn, read a few sentences at a time (a date never spans sentences), with each result's
 * index in the whole turn: one of chrono's rules reads all the text before every date it finds, which made a
 * call's one-line transcript of hundreds of kilobytes take seconds.
 */
type SaidDate = Pick<chrono.ParsedResult, 'start' | 'text' | 'index'>;

function parseDates(text: string, reference: Date): SaidDate[] {
  const results: SaidDate[] = [];
  for (let from = 0; from < text.length;) {
    let to = Math.min(text.length, from + CHRONO_PIECE);
    if (to < text.length) {
      const stop = text.slice(from, to).search(/[.?!]\s[^.?!]*$/);
      if (stop > 0) to = from + stop + 2;
    }
    for (const { start, text: said, index } of chrono.parse(text.slice(from, to), reference, {
      forwardDate: true,
    }))
      results.push({ start, text: said, index: from + index });
    from = to;
  }
  return results;
}

/** Months named in a turn ("in March", "January 4th", "next month"), in the order said. */
export function monthsSaid(text: string, now: WallNow): { index: number; month: number }[] {
  const said: { index: number; month: number }[] = [];
  for (const match of text.matchAll(MONTH_NAMES)) {
    const group = match.slice(1).findIndex((g) => g !== undefined);
    // "may" is a month only as "May" or "in may" (the flag makes the case test by hand).
    if (group === 4 && match[0] === 'may' && !/\bin $/i.test(wordsBefore(text, match.index))) continue;
    if (group === 4 && /^MAY$/.test(match[0])) continue;
    said.push({ index: match.index, month: group === 12 ? (now.month % 12) + 1 : group + 1 });
  }
  return said;
}

/**
 * "the 3rd", "the twenty third": that day of the month being talked about (`month`, or one named earlier in
 * the turn), else the next day of that number, this month or the next.
 */
function bareDays(text: string, offset: number, now: WallNow, month: number | undefined): Found[] {
  const found: Found[] = [];
  let named: { index: number; month: number }[] | undefined;
  for (const match of text.matchAll(BARE_DAY)) {
    const day = match[1]
      ? Number(match[1])
      : match[2]
        ? (match[2].toLowerCase() === 'twenty' ? 20 : 30) + ORDINAL_WORDS[match[3]!.toLowerCase()]!
        : ORDINAL_WORDS[match[4]!.toLowerCase()]!;
    if (day < 1 || day > 31) continue;
    named ??= monthsSaid(text, now);
    const talkedAbout = named.filter((m) => m.index < match.index).at(-1)?.month ?? month;
    let candidate: string | null = null;
    if (talkedAbout !== undefined) {
      const year = talkedAbout < now.month ? now.year + 1 : now.year;
      const probe = new Date(Date.UTC(year, talkedAbout - 1, day));
      if (probe.getUTCDate() === day && ymd(year, talkedAbout, day) >= ymd(now.year, now.month, now.day))
        candidate = ymd(year, talkedAbout, day);
    }
    if (!candidate) {
      let { year, month: next } = now;
      if (day < now.day) next += 1;
      if (next > 12) [year, next] = [year + 1, 1];
      const probe = new Date(Date.UTC(year, next - 1, day));
      if (probe.getUTCDate() !== day) continue;
      candidate = ymd(year, next, day);
    }
    const start = offset + match.index;
    found.push({ value: candidate, ranges: [{ start, end: start + match[0].length }] });
  }
  return found;
}

/** Text-message spellings of tomorrow and today, which chrono does not read. */
const SHORT_DAY = /\b(?:(tmrw|tmrrw|tmr|tmw|2moro|2morrow|2mrw)|(2day|tdy))\b/gi;

function addDays(now: WallNow, days: number): string {
  const date = new Date(Date.UTC(now.year, now.month - 1, now.day + days));
  return ymd(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

const FORTNIGHT = /\b(?:in|within) a fortnight\b/gi;

/** Monday-based day number of a `YYYY-MM-DD`. */
const weekday = (value: string) => (new Date(`${value}T00:00:00Z`).getUTCDay() + 6) % 7;

/** Dates of a visit said in a turn ("tomorrow", "next Tuesday", "December 3rd", "the 3rd"); past ones skipped. */
export function findDates(text: string, offset: number, now: WallNow, month?: number): Found[] {
  const found: Found[] = [];
  for (const match of text.matchAll(SHORT_DAY)) {
    const start = offset + match.index;
    const value = addDays(now, match[1] ? 1 : 0);
    found.push({ value, ranges: [{ start, end: start + match[0].length }] });
  }
  for (const match of text.matchAll(FORTNIGHT)) {
    const start = offset + match.index;
    found.push({ value: addDays(now, 14), ranges: [{ start, end: start + match[0].length }] });
  }
  if (!DATE_HINT.test(text)) return found;
  const today = ymd(now.year, now.month, now.day);
  // Parts of the day are read by findTimes; chrono drops the weekday of "afternoon next Wednesday".
  const plain = text.replace(/\b(?:morning|afternoon|evening)s?\b/gi, (word) => ' '.repeat(word.length));
  const aboutNextWeek = NEXT_WEEK.test(text);
  for (const result of parseDates(plain, now.reference)) {
    const known = result.start;
    if (!known.isCertain('day') && !known.isCertain('weekday')) continue;
    const said = result.text.replace(/\s+(?:at|around|about|by)\s.*$/i, '').replace(/[\s,.;]+$/, '');
    if (VAGUE.test(said.trim())) continue;
    if (NOT_THE_VISIT.test(wordsBefore(text, result.index))) continue;
    if (/\b(?:last|ago|yesterday)\b/i.test(said)) continue;
    // "How can I help you today?" is a greeting, not an offer of today.
    if (
      /^today$/i.test(said) &&
      /\b(?:help|assist) you\s*$|\bare you\s*$|\bcalling\s*$/i.test(wordsBefore(text, result.index))
    )
      continue;
    let value = ymd(known.get('year')!, known.get('month')!, known.get('day')!);
    if (value < today) continue;
    // "Monday" said on a Monday is next Monday: today is "today".
    const plainWeekday =
      known.isCertain('weekday') && !known.isCertain('day') && !/\b(?:this|today|next|coming)\b/i.test(said);
    if (plainWeekday && value === today && !/\b(?:this|today)\s*$/i.test(wordsBefore(text, result.index)))
      value = addDays(now, 7);
    // "any morning next week, maybe Tuesday": a plain weekday in a turn about next week is next week's.
    if (
      aboutNextWeek &&
      plainWeekday &&
      weekday(value) >= weekday(today) &&
      value <= addDays(now, 6 - weekday(today))
    ) {
      const [y, m, d] = value.split('-').map(Number) as [number, number, number];
      value = addDays({ ...now, year: y, month: m, day: d }, 7);
    }
    const start = offset + result.index;
    found.push({ value, ranges: [{ start, end: start + said.length }] });
  }
  for (const bare of bareDays(text, offset, now, month)) {
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
const BARE_CONTEXT =
  /(?:\b(?:at|around|about|say|by|after|maybe|until|till|between|make (?:it|that)|how about|(?:push|move|change|switch|bump) (?:it|that|this|me|us|him|her)(?: back| forward)? to)|@)\s+$|@$/;
/** A time that is not the visit's: "I finish work at 4:30", "school lets out at 3". */
const OTHER_TIME =
  /\b(?:finish(?:es)?|get(?:s)? off|leave|leaves|start(?:s)?|lets? out|ends?|done|off work|out of work|pick (?:him|her|them) up)\b(?:\s+\w+){0,2}\s+(?:at|around|by|about)\s+$/i;
const NOT_A_CLOCK =
  /^\s*(?:minutes?|mins?|hours?|dollars?|bucks|years?|days?|weeks?|months?|percent|kids|people|teeth|times|of|in the (?:list|line))\b/i;
const HALF_PAST =
  /\b(half|quarter|five|ten|twenty|twenty[- ]five|\d{1,2}(?: minutes)?) (past|after|to|till|of) (\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/gi;
const PAST_MINUTES: Record<string, number> = { half: 30, quarter: 15, five: 5, ten: 10, twenty: 20 };
/** British "half nine" (9:30), "half two" (2:30). */
const HALF_HOUR =
  /\bhalf (\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b(?!\s*(?:hours?|days?|minutes?|of\b|an\b|o'clock))/gi;
/** "330pm", "1030am" (text-message style). */
const COMPACT = /(?<![\w:.])(\d{1,2})(\d{2})\s*(am|pm)\b/gi;
const NAMED = /\b(noon|midday|lunch ?time|around lunch|over lunch)\b/gi;
const PART = /(?<!\bgood\s)\b(morning|afternoon|evening|after work|after school|end of the day)s?\b/gi;
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

/**
 * An hour said on its own at the start of a turn, the way people answer "what time?" or pick an offer:
 * "Ten.", "Eleven is better", "2 please", "330 works".
 */
const HOUR_FIRST =
  /^\s*(?:(?:um|uh|oh|ok|okay|well|maybe|say|probably|about|around|at|the|let's go with|let's do|go with|i'll take|we'll take|i'll go with|how about|can we do|make it)[,.]?\s+)*(?:(\d{1,2})(\d{2})?|(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve))\b(?!\s*(?:minutes?|mins?|hours?|days?|weeks?|months?|years?|people|kids|of|in\b|or so|dollars?|percent))/i;

export function bareHour(text: string, offset: number): Found | null {
  const match = HOUR_FIRST.exec(text);
  if (!match) return null;
  const hour = match[1] !== undefined ? Number(match[1]) : HOUR_WORDS[match[3]!.toLowerCase()]!;
  const minute = match[2] !== undefined ? Number(match[2]) : 0;
  if (match[1] !== undefined && match[1].length === 2 && match[2] === undefined && hour > 12) return null;
  const value = toMinutes(hour, minute, undefined, partOf(text));
  if (value === null) return null;
  const start =
    offset +
    match.index +
    match[0].length -
    (match[1] ?? '').length -
    (match[2] ?? '').length -
    (match[3] ?? '').length;
  return { value: hm(value), ranges: [{ start, end: offset + match.index + match[0].length }] };
}

const hm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

function partOf(text: string): string | undefined {
  const match = /(?<!\bgood\s)\b(morning|afternoon|evening)\b/i.exec(text);
  return match?.[1]?.toLowerCase();
}

/** The part of the day a `HH:MM` falls in. */
export function partOfDay(value: string): 'morning' | 'afternoon' | 'evening' {
  const hour = Number(value.slice(0, 2));
  return hour < 12 ? 'morning' : hour < 17 ? 'afternoon' : 'evening';
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
    const said = match[1]!
      .toLowerCase()
      .replace(/[- ]five$/, '')
      .replace(' minutes', '');
    const by = (PAST_MINUTES[said] ?? Number(said)) + (/[- ]five$/.test(match[1]!) ? 5 : 0);
    if (!(by > 0 && by < 60) || (said === 'half' && /^(?:to|till|of)$/i.test(match[2]!))) continue;
    if (/^\d/.test(said) && /^(?:till|of)$/i.test(match[2]!)) continue;
    const minutes = /^(?:to|till|of)$/i.test(match[2]!) ? base - by : base + by;
    found.push({ value: hm(minutes), ranges: [{ start: offset + start, end: offset + end }] });
  }
  for (const match of text.matchAll(HALF_HOUR)) {
    const start = match.index;
    const end = start + match[0].length;
    const base = toMinutes(hourValue(match[1]!), 30, undefined, part);
    if (base === null || !free(start, end)) continue;
    found.push({ value: hm(base), ranges: [{ start: offset + start, end: offset + end }] });
  }
  for (const match of text.matchAll(COMPACT)) {
    const start = match.index;
    const end = start + match[0].length;
    const value = toMinutes(Number(match[1]), Number(match[2]), match[3], part);
    if (value === null || !free(start, end)) continue;
    found.push({ value: hm(value), ranges: [{ start: offset + start, end: offset + end }] });
  }
  for (const match of text.matchAll(CLOCK)) {
    const start = match.index;
    // "2:30 PM." ends a sentence: the full stop is not part of the time.
    const end = start + match[0].replace(/(?<=[ap]m)\.$/i, '').length;
    const [, hourText, digits, words, meridiem] = match;
    if (/^\d+$/.test(hourText!) && hourText!.length > 2) continue;
    if (NOT_A_CLOCK.test(text.slice(end)) || OTHER_TIME.test(wordsBefore(text, start))) continue;
    // A bare number needs a time-like word before it to be a time ("for 2 kids", "is 4" are not).
    const explicit = digits !== undefined || words !== undefined || meridiem !== undefined;
    const before = wordsBefore(text, start).toLowerCase();
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
