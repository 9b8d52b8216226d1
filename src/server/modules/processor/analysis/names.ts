import type { Found } from './found';

/** A case-insensitive spelling of a lower-case pattern, so the name after it can stay case-sensitive. */
function anyCase(pattern: string): string {
  return pattern.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`);
}

const WORD = "[A-Z][a-z]+(?:['’-][A-Z]?[a-z]+)?";
const FULL = `(${WORD}(?:\\s+(?:Mc|Mac|O')?${WORD}){0,2})`;
/** "my name is Jane Doe", "this is Jane", "it's Jane Doe", "Jane Doe here", "for my son, Tom Reed". */
const SAID = [
  new RegExp(
    `\\b${anyCase("(?:my name is|my name's|name is|the name is|name's|this is|it's|it is|i'm|i am|call me|under)")}\\s+${FULL}`,
    'g',
  ),
  new RegExp(
    `\\b${anyCase('for my (?:son|daughter|wife|husband|mom|mother|dad|father|kid|child|boy|girl|partner)')},?\\s+${FULL}`,
    'g',
  ),
  new RegExp(`^(?:${anyCase('(?:hi|hello|hey|yes|yeah|sure)')}[,.!]?\\s+)?${FULL}\\s+here\\b`, 'g'),
];
const NOT_A_NAME = new Set([
  'I',
  'Calling',
  'Sorry',
  'Just',
  'Not',
  'Fine',
  'Good',
  'Great',
  'Here',
  'Still',
  'Afraid',
  'Free',
  'Available',
  'Having',
  'Looking',
  'Trying',
  'Wondering',
  'Hoping',
  'Okay',
  'Ok',
  'Yes',
  'Yeah',
  'No',
  'Hi',
  'Hello',
  'Actually',
  'The',
  'A',
  'An',
  'My',
  'Me',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
  'Dr',
  'Doctor',
  'Bright',
  'Smile',
  'Dental',
  'Thanks',
  'Thank',
  'Perfect',
  'Sure',
  'That',
  'This',
  'It',
  'Is',
  'Am',
  'And',
  'Or',
  'But',
  'So',
  'Well',
  'Um',
  'Uh',
  'Oh',
  'New',
  'Correct',
  'Right',
  'Spelled',
]);
const ASKS_NAME =
  /\b(your (?:full )?name|(?:his|her) name|what name|under what name|the patient'?s name|who am i speaking|who'?s calling|name (?:for|on) the (?:appointment|booking|file))\b/i;
const FILLER =
  /^(?:(?:sure|yes|yeah|yep|okay|ok|of course|it's|it is|my name is|my name's|this is|i'm|the name is)[,.!]?\s+)+/i;

function clean(candidate: string): string | null {
  const words = candidate.split(/\s+/);
  const kept: string[] = [];
  for (const word of words) {
    if (NOT_A_NAME.has(word)) break;
    kept.push(word);
  }
  return kept.length > 0 ? kept.join(' ') : null;
}

/** Names the caller gives in one turn (offsets in the transcript); `answersNameQuestion` reads a bare "Jane Doe." */
export function findNames(text: string, offset: number, answersNameQuestion: boolean): Found[] {
  const found: Found[] = [];
  for (const pattern of SAID) {
    for (const match of text.matchAll(pattern)) {
      const name = clean(match[1]!);
      if (!name) continue;
      const start = offset + match.index + match[0].indexOf(match[1]!);
      // "It's Laura. Laura Bennett.": the fuller name said right after.
      const fuller = new RegExp(`^[.,]\\s+${name}\\s+(${WORD})`).exec(
        text.slice(start - offset + name.length),
      );
      if (fuller && !NOT_A_NAME.has(fuller[1]!)) {
        const full = `${name} ${fuller[1]}`;
        const fullStart = start + name.length + fuller[0].length - full.length;
        found.push({ value: full, ranges: [{ start: fullStart, end: fullStart + full.length }] });
        continue;
      }
      found.push({ value: name, ranges: [{ start, end: start + name.length }] });
    }
  }
  if (found.length === 0 && answersNameQuestion) {
    const rest = text.replace(FILLER, '');
    const match = new RegExp(`^${FULL}`).exec(rest);
    const name = match ? clean(match[1]!) : null;
    if (name) {
      const start = offset + (text.length - rest.length);
      found.push({ value: name, ranges: [{ start, end: start + name.length }] });
    }
  }
  return found.sort((a, b) => a.ranges[0]!.start - b.ranges[0]!.start);
}

export function asksForName(aiText: string): boolean {
  return ASKS_NAME.test(aiText);
}
