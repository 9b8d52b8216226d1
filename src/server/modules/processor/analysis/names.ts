import type { Found } from './found';

/**
 * Whose name it is: the caller introducing themselves, or the patient named as someone else (a child, a
 * relative, another office's patient). Once the patient is named, the caller's own name does not replace it.
 */
export type NameRole = 'self' | 'patient';
export interface FoundName extends Found {
  role: NameRole;
}

/** A case-insensitive spelling of a lower-case pattern, so the name after it can stay case-sensitive. */
function anyCase(pattern: string): string {
  return pattern.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`);
}

const WORD = "\\p{Lu}\\p{Ll}+(?:\\p{Lu}\\p{Ll}+)?(?:['’-]\\p{Lu}?\\p{Ll}+)?";
const FULL = `(${WORD}(?:\\s+(?:Mc|Mac|O['’])?${WORD}){0,2})`;
const TITLE = '(?:(?:Mr|Mrs|Ms|Miss|Mx|Dr|Doctor)\\.?\\s+)?';
const RELATIVE =
  '(?:little (?:girl|boy|one)|son|daughter|wife|husband|mom|mum|mother|dad|father|kid|child|boy|girl|partner|grandson|granddaughter|grandmother|grandfather|grandma|grandpa|nan|brother|sister|niece|nephew|stepson|stepdaughter)';
const pattern = (prefix: string, role: NameRole) => ({
  re: new RegExp(`\\b${anyCase(prefix)}\\s+${TITLE}${FULL}`, 'gu'),
  role,
});
/** "my name is Jane Doe", "this is Jane", "it's for my son, Tom Reed", "the patient is Mrs. Ruiz"… */
const SAID = [
  pattern(
    "(?:my name is|my name's|name is|the name is|name's|(?:sur|last )name is|(?:sur|last )name's|this is|it's|its|it is|i'm|im|i am|call me|(?:you're|you are) (?:speaking|talking) (?:with|to))",
    'self',
  ),
  pattern(
    `(?:(?:for|about) (?:my|our) ${RELATIVE},?|my ${RELATIVE}(?:'s name is| is called| named)|(?:his|her|their) name is|(?:his|her|their) name's|(?:the )?patient(?:'s name is| name is| is| named| called|,)|(?:it's|it is|its|this is|that's|the appointment is|the booking is|booking) for|(?:an appointment|a booking|a cleaning|a checkup|a check-up|an exam) for|under|(?:calling|ringing|phoning) (?:about|for|on behalf of)|(?:he|she|they)(?:'s| is| are) (?:called|named))`,
    'patient',
  ),
  {
    re: new RegExp(
      `^(?:${anyCase('(?:hi|hello|hey|yes|yeah|sure|good morning|good afternoon)')}[,.!]?\\s+)?${FULL}\\s+(?:here|calling|speaking)\\b`,
      'gu',
    ),
    role: 'self' as NameRole,
  },
];
/** Words of organisations, not people: "Maple Pediatric Dental", "Riverside Oral Surgery". */
const ORGANISATION =
  /\b(?:Dental|Dentistry|Dentist|Surgery|Clinic|Office|Orthodontics|Pediatric|Paediatric|Family|Center|Centre|Group|Associates|Health|Care|Medical|Hospital|Insurance|Street|Road|Avenue|Lane|Plaza|Smile|Smiles|Oral)\b/u;
/** A turn about someone else: a name standing on its own in it is the patient's. */
const ABOUT_SOMEONE_ELSE = new RegExp(
  `\\b(?:(?:a|the|our|your) patient|referr\\w*|(?:my|our) ${RELATIVE})\\b`,
  'i',
);
/** A full name standing on its own: "I'll take it. Selena Ortiz.", "Yep. Kate Morrison, 617…". */
const ON_ITS_OWN = new RegExp(
  `(?:^|[.!?,;]\\s+|\\s[-–—]\\s)(?:${TITLE})(${WORD}(?:\\s+(?:Mc|Mac|O['’])?${WORD}){1,2})(?=\\s*(?:[.!?,;]|$|\\s[-–—]\\s))`,
  'gu',
);
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
  'Hiya',
  'Cheers',
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
  'Mr',
  'Mrs',
  'Ms',
  'Miss',
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
  'Please',
  'Lovely',
  'Next',
  'Last',
  'Happy',
  'Merry',
]);
/** Everyday words a lower-case (text-message style) name is never made of. */
const COMMON = new Set(
  `a about after again all also am an and any anything are as at away back bad be been being best better bit
  booked both busy but by call calling can cant check coming could day did do doing done dont down due early
  every fine first for free from fyi get getting go going gonna good got great had has have having he her here
  hers hey hi him his hoping how i if im in is it its just know last late like looking lol me mine more
  morning afternoon evening my need needs new next no not now of off ok okay on one only or other our out
  over pain please pls plz really right running same see sick so some sorry still sure thanks thank thx that
  the their them then there they this tmrw today tomorrow too trying up urgent us very wait want wanted was we
  week well were what when where which who why will with wondering work would yeah yes yet you your u ur ya
  yep nope asap appt appointment cleaning checkup filling dentist tooth teeth son daughter wife husband mom dad
  kid child calling booking book here hello quite pretty super kinda sore sensitive hurting broken cracked
  swollen bleeding loose aching killing fine ready monday tuesday wednesday thursday friday saturday sunday`.split(
    /\s+/,
  ),
);
const ASKS_NAME = new RegExp(
  `\\bname(?: please| for (?:the|this) (?:booking|appointment))?\\s*\\?|\\b(?:(?:your|his|her|their|the|(?:your |the )?${RELATIVE}'?s|(?:the )?(?:patient|child|kid)'?s)\\s+(?:full |first and last |first |last |sur)?name|(?:a|the) name|surname|last name|first name|what name|under what name|who am i speaking|who'?s calling|who (?:is|will|would|shall) (?:the appointment|this|it|the booking|the visit) (?:be )?for|who am i booking|name (?:for|on|under) the (?:appointment|booking|file|reservation)|and you are|may i ask who)\\b`,
  'i',
);
/** The assistant asks for someone else's name: the answer is the patient's, not the caller's. */
const ASKS_OTHER = new RegExp(
  `\\b(?:(?:his|her|their|${RELATIVE}'?s|patient'?s|child'?s|kid'?s)\\s+(?:full |first and last |first |last |sur)?name|who (?:is|will|would|shall) (?:the appointment|this|it|the booking|the visit) (?:be )?for|who am i booking)\\b`,
  'i',
);
const FILLER =
  /^(?:(?:sure|yes|yeah|yep|okay|ok|of course|it's|its|it is|my name is|my name's|this is|i'm|the name is|that's|that is|for|oh|um|uh|yes please)[,.!]?\s+)+/i;

/** "You're", "It's", "Sam's": a word with a contraction or possessive ending is not part of a name. */
const CONTRACTION = /['’](?:re|m|s|ll|ve|d|t)$/;

function clean(candidate: string): string | null {
  const words = candidate.split(/\s+/);
  const kept: string[] = [];
  for (const word of words) {
    if (NOT_A_NAME.has(word) || CONTRACTION.test(word)) break;
    kept.push(word);
  }
  return kept.length > 0 ? kept.join(' ') : null;
}

const titleCase = (words: string) =>
  words.replace(/(^|[\s'-])(\p{Ll})/gu, (_, space, c: string) => space + c.toUpperCase());

const SPELLED_THEN_SURNAME = new RegExp(`^,?\\s+(?:\\p{Lu}[-\\s,.]+){2,}\\s*(${WORD})\\b`, 'u');
const NEXT_NAME = new RegExp(`^[.,]\\s+${FULL}`, 'u');
const ANSWER = new RegExp(`^${TITLE}${FULL}`, 'u');

/** "Chloe. Chloe Stone." / "Whitfield. Oliver Whitfield.": the fuller name said right after, holding the first. */
function fuller(
  text: string,
  after: number,
  name: string,
): { value: string; at: number; end?: number } | null {
  // "Yusuf, Y-U-S-U-F, Demir": the surname after the spelled first name.
  const spelled = SPELLED_THEN_SURNAME.exec(text.slice(after));
  if (spelled && !name.includes(' ') && !NOT_A_NAME.has(spelled[1]!) && spelled[1]!.length > 1)
    return { value: `${name} ${spelled[1]}`, at: after - name.length, end: after + spelled[0].length };
  const next = NEXT_NAME.exec(text.slice(after));
  const candidate = next ? clean(next[1]!) : null;
  if (!candidate || candidate === name) return null;
  const words = candidate.split(' ');
  if (!name.split(' ').every((w) => words.includes(w))) return null;
  return { value: candidate, at: after + next![0].length - next![1]!.length };
}

/** "last name is Nguyen, N G U Y E N, first name Thao": the two parts in their usual order. */
const LAST_FIRST = new RegExp(
  `${anyCase('last name(?: is|:|,)?')}\\s+(${WORD})[^]*?${anyCase('first name(?: is|:|,)?')}\\s+(${WORD})`,
  'u',
);
const FIRST_LAST = new RegExp(
  `${anyCase('first name(?: is|:|,)?')}\\s+(${WORD})[^]*?${anyCase('last name(?: is|:|,)?')}\\s+(${WORD})`,
  'u',
);

/** A text-message style lower-case name: "its maria lopez, need…", "my name is jess", "for my daughter zoe martin". */
const LOWER_WORD = "[a-z]+(?:['-][a-z]+)?";
const LOWER_SAID = new RegExp(
  `(?:\\b(?:his|her|their) name(?: is|'s)\\s+(${LOWER_WORD}(?:\\s+${LOWER_WORD}){0,2})|\\bfor my ${RELATIVE},?\\s+(${LOWER_WORD}\\s+${LOWER_WORD})|\\b(?:my name is|my name's|name is|name's|call me)\\s+(${LOWER_WORD}(?:\\s+${LOWER_WORD}){0,2})|(?:^|[,.!]\\s*)(?:(?:hi|hey|hello|yo|hiya)[,!]?\\s+)?(?:it's|its|this is|i'm|im)\\s+(${LOWER_WORD}\\s+${LOWER_WORD}))(?=\\s*(?:[,.!?;]|$|\\s(?:and|here)\\b))`,
  'g',
);

/** A text signed at its end: "need a cleaning next week - kelsey park". */
const SIGNED = new RegExp(`\\s[-–—]\\s*(${LOWER_WORD}\\s+${LOWER_WORD})\\s*$`);

function lowerNames(text: string, offset: number): FoundName[] {
  const found: FoundName[] = [];
  const signed = SIGNED.exec(text);
  if (signed && !signed[1]!.split(/\s+/).some((w) => COMMON.has(w))) {
    const start = offset + signed.index + signed[0].trimEnd().length - signed[1]!.length;
    found.push({
      value: titleCase(signed[1]!),
      ranges: [{ start, end: start + signed[1]!.length }],
      role: 'self',
    });
  }
  for (const match of text.matchAll(LOWER_SAID)) {
    const words = match[1] ?? match[2] ?? match[3] ?? match[4]!;
    if (words.split(/\s+/).some((w) => COMMON.has(w))) continue;
    const start = offset + match.index + match[0].length - words.length;
    const role: NameRole = match[1] || match[2] ? 'patient' : 'self';
    found.push({ value: titleCase(words), ranges: [{ start, end: start + words.length }], role });
  }
  return found;
}

/**
 * Names the caller gives in one turn (offsets in the transcript). After the assistant's name question
 * (`asked`), a bare "Jane Doe." is the name; after a question about someone else ("his name?", "who is the
 * appointment for?") the name is the patient's.
 */
export function findNames(text: string, offset: number, asked: NameQuestion | null): FoundName[] {
  const found: FoundName[] = [];
  const role = (own: NameRole): NameRole => (asked === 'patient' ? 'patient' : own);
  const lastFirst = LAST_FIRST.exec(text);
  const parts = lastFirst ?? FIRST_LAST.exec(text);
  if (parts) {
    const [first, last] = lastFirst ? [parts[2]!, parts[1]!] : [parts[1]!, parts[2]!];
    const start = offset + parts.index;
    found.push({
      value: `${first} ${last}`,
      ranges: [{ start, end: start + parts[0].length }],
      role: role('self'),
    });
    return found;
  }
  for (const { re, role: own } of SAID) {
    for (const match of text.matchAll(re)) {
      const name = clean(match[1]!);
      if (!name) continue;
      const at = match.index + match[0].length - match[1]!.length;
      const more = fuller(text, at + name.length, name);
      const value = more?.value ?? name;
      const start = offset + (more?.at ?? at);
      const end = more?.end !== undefined ? offset + more.end : start + value.length;
      found.push({ value, ranges: [{ start, end }], role: role(own) });
    }
  }
  if (found.length === 0 && asked) {
    const rest = text.replace(FILLER, '');
    const skipped = text.length - rest.length;
    const match = ANSWER.exec(rest);
    const name = match ? clean(match[1]!) : null;
    if (name) {
      const at = skipped + match![0].length - match![1]!.length;
      const more = fuller(text, at + name.length, name);
      const value = more?.value ?? name;
      const start = offset + (more?.at ?? at);
      const end = more?.end !== undefined ? offset + more.end : start + value.length;
      found.push({ value, ranges: [{ start, end }], role: role('self') });
    } else {
      // A lower-case answer ("jess thompson"): the whole answer, when it is one to three unusual words.
      const lower = /^([a-z]+(?:['-][a-z]+)?(?:\s+[a-z]+(?:['-][a-z]+)?){0,2})\s*[.!]?\s*$/.exec(rest);
      if (lower && !lower[1]!.split(/\s+/).some((w) => COMMON.has(w))) {
        const start = offset + skipped;
        found.push({
          value: titleCase(lower[1]!),
          ranges: [{ start, end: start + lower[1]!.length }],
          role: role('self'),
        });
      }
    }
  }
  if (found.length === 0) found.push(...lowerNames(text, offset));
  {
    const others = found.length > 0;
    for (const match of text.matchAll(ON_ITS_OWN)) {
      const words = match[1]!.split(/\s+/);
      if (words.some((w) => NOT_A_NAME.has(w)) || ORGANISATION.test(match[1]!)) continue;
      if (/\b(?:Dr|Doctor)\.?\s*$/.test(text.slice(0, match.index + match[0].length - match[1]!.length)))
        continue;
      const start = offset + match.index + match[0].length - match[1]!.length;
      // "…, Noah Patel, he's nine": a name followed by he or she is someone else's.
      const other =
        /^\s*,?\s*(?:he|she)(?:'s|\s+is)\b/i.test(text.slice(start - offset + match[1]!.length)) ||
        ABOUT_SOMEONE_ELSE.test(text);
      if (others && !other) continue;
      if (found.some((f) => f.ranges[0]!.start < start + match[1]!.length && f.ranges[0]!.end > start))
        continue;
      found.push({
        value: match[1]!,
        ranges: [{ start, end: start + match[1]!.length }],
        role: role(other ? 'patient' : 'self'),
      });
    }
  }
  return found.sort((a, b) => a.ranges[0]!.start - b.ranges[0]!.start);
}

export type NameQuestion = NameRole;

/** Whether the assistant's turn asks for a name, and whose: the caller's own or the patient's. */
/** The assistant asks only for the surname ("What's Sam's last name?"). */
export function asksForSurname(aiText: string): boolean {
  return /\b(?:last name|surname|family name)\b/i.test(aiText) && !/\bfirst\b/i.test(aiText);
}

/** The assistant asks only for the first name ("And your first name?"). */
export function asksForFirstName(aiText: string): boolean {
  return /\bfirst name\b/i.test(aiText) && !/\b(?:last|sur|family) ?name\b/i.test(aiText);
}

export function asksForName(aiText: string): NameQuestion | null {
  if (!ASKS_NAME.test(aiText)) return null;
  return ASKS_OTHER.test(aiText) ? 'patient' : 'self';
}
