import type { AppointmentRequest, EvidenceRange } from '#shared/schemas/processor';
import type { AppointmentType } from '#shared/schemas/schedule';
import { splitE164 } from '../../lib/phone';

/**
 * Where the transcript says a value that did not come from reading it (the platform's extraction, ADR 046):
 * the name, the number digit by digit, the date as a day of the month, a weekday or "tomorrow", the time on
 * the 12- or 24-hour clock or in words, the visit by its usual words. No range when it is not said.
 */

const MAX_RANGES = 6;
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const NUMBER_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];
const ORDINAL_WORDS = [
  '',
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'sixteenth',
  'seventeenth',
  'eighteenth',
  'nineteenth',
  'twentieth',
  'twenty[- ]first',
  'twenty[- ]second',
  'twenty[- ]third',
  'twenty[- ]fourth',
  'twenty[- ]fifth',
  'twenty[- ]sixth',
  'twenty[- ]seventh',
  'twenty[- ]eighth',
  'twenty[- ]ninth',
  'thirtieth',
  'thirty[- ]first',
];
const MINUTE_WORDS: Record<string, string> = {
  '05': 'oh five',
  '10': 'ten',
  '15': 'fifteen',
  '20': 'twenty',
  '30': 'thirty',
  '40': 'forty',
  '45': 'forty[- ]five',
  '50': 'fifty',
};
const TYPE_WORDS: Record<AppointmentType, string> = {
  dental_cleaning: 'clean\\w*|hygien\\w*|polish\\w*',
  dental_checkup: 'check[- ]?ups?|check(?:ing)? (?:on|up)',
  dental_examination: 'exam\\w*',
  root_canal: 'root canals?',
  filling: 'fillings?|cavit\\w+',
  teeth_whitening: 'whiten\\w*',
  orthodontic_consultation: 'orthodont\\w*|braces|invisalign|aligners?',
  periodontal_treatment: 'periodont\\w*|gums?|deep clean\\w*',
  oral_surgery: 'surgery|extract\\w*|wisdom (?:teeth|tooth)|pulled',
  emergency_dental: 'emergenc\\w*|toothache|pain\\w*|broke\\w*|chipped|cracked|swollen|swelling|abscess\\w*',
};

/** One character for one character (so offsets stay the transcript's): lower case, accents removed. */
const fold = (text: string) =>
  Array.from(text, (c) => {
    const plain = c.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    return plain.length === c.length ? plain : c.toLowerCase();
  }).join('');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every whole-word match of `pattern` (a regexp source, matched on the folded text). */
function matches(transcript: string, pattern: string): EvidenceRange[] {
  const found: EvidenceRange[] = [];
  const re = new RegExp(`(?<![\\p{L}\\p{N}])(?:${pattern})(?![\\p{L}\\p{N}])`, 'gu');
  for (const match of fold(transcript).matchAll(re)) {
    found.push({ start: match.index, end: match.index + match[0].length });
    if (found.length === MAX_RANGES) break;
  }
  return found;
}

/** The first pattern that is said gives the ranges: the most precise wording comes first. */
const firstSaid = (transcript: string, patterns: string[]) => {
  for (const pattern of patterns) {
    const found = matches(transcript, pattern);
    if (found.length) return found;
  }
  return [];
};

const phrase = (text: string) => escape(fold(text.trim())).replace(/\s+/g, '\\s+');

function nameSpans(transcript: string, name: string): EvidenceRange[] {
  const whole = matches(transcript, phrase(name));
  if (whole.length) return whole;
  const parts = name.split(/\s+/).filter((part) => part.length >= 2);
  return parts.flatMap((part) => matches(transcript, phrase(part))).slice(0, MAX_RANGES);
}

const DIGIT = /\d|\b(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)\b/gi;
const SEPARATOR = /^[\s,.\-()+/]*$/;

/** The number said digit by digit (numerals or words, any grouping): its national digits, in one run. */
function phoneSpans(transcript: string, e164: string): EvidenceRange[] {
  const wanted = [splitE164(e164)?.national, e164.replace(/\D/g, '')].filter(
    (digits): digits is string => !!digits && digits.length >= 7,
  );
  const tokens = [...transcript.matchAll(DIGIT)].map((m) => ({
    digit: /\d/.test(m[0])
      ? m[0]
      : m[0].toLowerCase() === 'oh'
        ? '0'
        : String(NUMBER_WORDS.indexOf(m[0].toLowerCase())),
    start: m.index,
    end: m.index + m[0].length,
  }));
  const runs: (typeof tokens)[] = [];
  for (const token of tokens) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && SEPARATOR.test(transcript.slice(last.end, token.start))) run.push(token);
    else runs.push([token]);
  }
  const found: EvidenceRange[] = [];
  for (const run of runs) {
    const digits = run.map((t) => t.digit).join('');
    for (const target of wanted) {
      const at = digits.indexOf(target);
      if (at < 0) continue;
      found.push({ start: run[at]!.start, end: run[at + target.length - 1]!.end });
      break;
    }
  }
  return found.slice(0, MAX_RANGES);
}

function emailSpans(transcript: string, email: string): EvidenceRange[] {
  const [local = '', domain = ''] = email.toLowerCase().split('@');
  const spoken = `${phrase(local)}\\s+at\\s+${domain.split('.').map(phrase).join('\\s+dot\\s+')}`;
  return firstSaid(transcript, [phrase(email), spoken]);
}

const ordinal = (day: number) => `${day}(?:st|nd|rd|th)?`;

function dateSpans(transcript: string, date: string, today: string): EvidenceRange[] {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const monthName = MONTHS[month - 1]!;
  const monthWord = `(?:${monthName}|${monthName.slice(0, 3)}\\.?)`;
  const dayWord = `(?:${ordinal(day)}|${ORDINAL_WORDS[day]})`;
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
  const daysAhead = (Date.UTC(year, month - 1, day) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000;
  const relative = [
    ...(daysAhead === 0 ? ['today'] : []),
    ...(daysAhead === 1 ? ['tomorrow'] : []),
    ...(daysAhead === 2 ? ['(?:the )?day after tomorrow'] : []),
    ...(daysAhead > 0 && daysAhead < 14 ? [`(?:next |this |on )?${weekday}`] : []),
  ];
  return firstSaid(transcript, [
    `${date}|${monthWord}\\s+(?:the\\s+)?${dayWord}|(?:the\\s+)?${dayWord}\\s+(?:of\\s+)?${monthWord}|0?${month}/0?${day}(?:/\\d{2,4})?`,
    ...(relative.length ? [relative.join('|')] : []),
    `the\\s+${dayWord}`,
  ]);
}

function timeSpans(transcript: string, time: string): EvidenceRange[] {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const mm = time.slice(3, 5);
  const h12 = ((hour + 11) % 12) + 1;
  const hourWord = NUMBER_WORDS[h12]!;
  const meridiem = hour < 12 ? 'a\\.?\\s?m\\.?' : 'p\\.?\\s?m\\.?';
  const part = hour < 12 ? 'in the morning' : hour < 17 ? 'in the afternoon' : 'in the evening';
  const suffix = `(?:\\s*${meridiem}|\\s+o'?clock|\\s+${part})`;
  const minuteWord = MINUTE_WORDS[mm];
  const exact = [
    `${h12}:${mm}(?:\\s*${meridiem})?`,
    ...(hour >= 12 ? [`${hour}:${mm}`] : []),
    ...(minute === 0 ? [`${h12}${suffix}`, `${hourWord}${suffix}`] : []),
    ...(minuteWord ? [`${hourWord}\\s+${minuteWord}${suffix}?`] : []),
    ...(minute === 30 ? [`half (?:past )?${hourWord}`] : []),
    ...(minute === 15 ? [`(?:a )?quarter past ${hourWord}`] : []),
    ...(time === '12:00' ? ['noon|midday'] : []),
  ];
  return firstSaid(transcript, [
    exact.join('|'),
    ...(minute === 0 ? [`at (?:${h12}|${hourWord})(?!:\\d)`] : []),
  ]);
}

/** The ranges of the transcript that say `value` for `field`; none when it is not said. */
export function valueSpans(
  field: keyof AppointmentRequest,
  value: string,
  transcript: string,
  callWall: string,
): EvidenceRange[] {
  switch (field) {
    case 'patientName':
      return nameSpans(transcript, value);
    case 'phoneNumber':
      return phoneSpans(transcript, value);
    case 'email':
      return emailSpans(transcript, value);
    case 'preferredDate':
      return dateSpans(transcript, value, callWall.slice(0, 10));
    case 'preferredTime':
      return timeSpans(transcript, value);
    case 'appointmentType':
      return matches(transcript, TYPE_WORDS[value as AppointmentType] ?? phrase(value));
  }
}
