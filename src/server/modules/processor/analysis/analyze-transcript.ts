import { wallFromInstant } from '../../../lib/wall-time';
import type { AppointmentRequest, Evidence, EvidenceRange } from '#shared/schemas/processor';
import type { AppointmentType } from '#shared/schemas/schedule';
import { findKindMentions } from './appointment-kind';
import type { Found } from './found';
import { asksForName, findNames } from './names';
import { findEmails } from './spoken-email';
import { findPhoneNumbers } from './spoken-numbers';
import { splitTurns, tokenize, type Turn } from './transcript-lines';
import { findDates, findTimes, type WallNow } from './when';

export interface AnalysisContext {
  /** When the call started ('manual' analyses: now); relative dates count from its wall time in `timeZone`. */
  callStartedAt: Date;
  /** The practice's IANA time zone. */
  timeZone: string;
}

export interface TranscriptAnalysis {
  /** null when the caller asked for no appointment. */
  appointmentRequest: AppointmentRequest | null;
  evidence: Evidence;
}

const WANTS_VISIT =
  /\b(book|booking|schedule|appointment|come in|get in|be seen|see (?:the|a|dr|doctor|someone|somebody|the dentist|me|him|her|us|my \w+)|fit me in|squeeze me in|reschedule|move my|openings?|availability|available|set (?:me )?up|due for|earliest|soonest|any time)\b/i;
const WANTS_KIND =
  /\b(need|want|like|looking|due|get|have|getting|interested in (?:getting|booking|scheduling))\b/i;
const ASKS_INFO =
  /\b(how much|cost|costs|price|pricing|do you (?:take|accept|do|offer)|insurance|what are your hours|are you open|what time do you|do you have an? \w+ (?:line|number)|just asking)\b/i;
const DECLINES =
  /\b(not yet|no thanks|no,? thank you|don't want|do not want|not right now|not now|not today|cancel|wrong number|confirm(?:ing)? (?:my|the|our) appointment|running (?:a (?:bit|little) )?late|never ?mind|forget it|just (?:wanted to|calling to|had a question|checking|wondering))\b/i;
const STILL_WANTS =
  /\b(reschedule|move (?:it|my)|another (?:day|time)|new (?:appointment|time|date)|instead)\b/i;
const REMINDER = /\b(remind|reminder|confirm(?:ing)? your|your (?:upcoming )?appointment (?:is|on|at))\b/i;
const PROPOSES =
  /\b(i have|i've got|i can (?:offer|do|get you|book|fit|put|see)|how about|what about|would|does|do you want|shall i|should i|want me to|there'?s an? (?:opening|slot)|available|opening|we could|works?)\b|\?/i;
const ACCEPTS =
  /^\s*(?:(?:oh|um|uh|ah|well|please)[,.]?\s+)?(yes|yeah|yep|yup|sure|ok|okay|perfect|great|sounds (?:good|great|perfect)|that(?: works| would work|'s fine| is fine|'s perfect|'s great| one)|works for me|let's do (?:it|that)|book it|please do|absolutely|definitely|that'll work|fine|lovely|wonderful|excellent)\b/i;
/** Acceptance said later in the turn ("Ethan Moore. Thank you, we're on our way."). */
const ACCEPTS_LATER =
  /\b(we're on (?:our|the) way|on my way|i'll be there|we'll be there|see you then|(?:we|i)'ll take it|book it|sounds (?:good|great|perfect)|that works|works for me|let's do (?:it|that))\b/i;
const ASKS_WHEN =
  /\b(when (?:would|works|can|could|is)|what day|what time|which day|book|schedule|come in)\b/i;
const REFUSES = /\b(no|not|can't|cannot|don't|doesn't|won't|busy)\b/i;
const CORRECTS =
  /\b(actually|instead|rather|make it|change (?:it|that)|switch|on second thought|sorry,? (?:i meant|it's)|wait)\b/i;
const BARE_HOUR =
  /^\s*(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s*[.!]?\s*(?:please)?[.!]?\s*$/i;
const HOUR_WORDS = [
  'twelve',
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
];
const hourOf = (word: string) => (/^\d+$/.test(word) ? Number(word) : HOUR_WORDS.indexOf(word.toLowerCase()));
const REJECTS_DATE =
  /\b(?:can't do|cannot do|can't make|can't come|not|except|busy|won't work|no)\s+(?:on\s+|at\s+)?$/i;

function empty(): Evidence {
  return {
    patientName: [],
    phoneNumber: [],
    email: [],
    preferredDate: [],
    preferredTime: [],
    appointmentType: [],
  };
}

function wallNow(instant: Date, timeZone: string): WallNow {
  const [year, month, day, hour, minute] = wallFromInstant(instant, timeZone).split(/[-T:]/).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  // chrono reads relative dates in the process's local time: hand it the practice's wall clock as local.
  return { year, month, day, reference: new Date(year, month - 1, day, hour, minute) };
}

interface Slot<T = string> {
  value: T | null;
  ranges: EvidenceRange[];
}
const set = <T>(slot: Slot<T>, value: T, ranges: EvidenceRange[]) => {
  slot.value = value;
  slot.ranges = ranges;
};

function distinct(found: Found[]): string[] {
  return [...new Set(found.map((f) => f.value))];
}

/** Pairs each time in a turn with the date said before it (or after, when none before). */
function pairs(dates: Found[], times: Found[]): { date: Found | undefined; time: Found | undefined }[] {
  if (times.length === 0) return dates.map((date) => ({ date, time: undefined }));
  return times.map((time) => {
    const before = dates.filter((d) => d.ranges[0]!.start < time.ranges[0]!.start).at(-1);
    return { date: before ?? dates[0], time };
  });
}

/**
 * Reads an appointment request out of a call transcript with rules: deterministic, no network, no model.
 * Caller details come from the caller's turns; a date or time the assistant proposes counts once the caller
 * accepts it; when the caller changes their mind the last value wins.
 */
export function analyzeTranscript(transcript: string, context: AnalysisContext): TranscriptAnalysis {
  const turns = splitTurns(transcript);
  const now = wallNow(context.callStartedAt, context.timeZone);
  const name: Slot = { value: null, ranges: [] };
  const phone: Slot = { value: null, ranges: [] };
  const email: Slot = { value: null, ranges: [] };
  const date: Slot = { value: null, ranges: [] };
  const time: Slot = { value: null, ranges: [] };
  const kind: Slot<AppointmentType> = { value: null, ranges: [] };
  let wantsVisit = false;
  let previous:
    | { turn: Turn; dates: Found[]; times: Found[]; kinds: Found<AppointmentType>[]; proposal: boolean }
    | undefined;

  for (const turn of turns) {
    const tokens = tokenize(turn);
    const phones = findPhoneNumbers(tokens);
    const emails = turn.speaker === 'caller' ? findEmails(tokens, turn.text, turn.offset) : [];
    const masked = [...phones, ...emails].flatMap((f) => f.ranges);
    const outside = (f: Found) =>
      !masked.some((m) => f.ranges[0]!.start < m.end && f.ranges[0]!.end > m.start);
    const dates = findDates(turn.text, turn.offset, now).filter(
      (d) => outside(d) && !REJECTS_DATE.test(turn.text.slice(0, d.ranges[0]!.start - turn.offset)),
    );
    const times = findTimes(turn.text, turn.offset, masked).filter(
      (t) => !REJECTS_DATE.test(turn.text.slice(0, t.ranges[0]!.start - turn.offset)),
    );
    const kinds: Found<AppointmentType>[] = findKindMentions(turn.text).map((m) => ({
      value: m.type,
      ranges: [{ start: turn.offset + m.start, end: turn.offset + m.end }],
    }));

    if (turn.speaker === 'ai') {
      const proposal = !REMINDER.test(turn.text) && PROPOSES.test(turn.text);
      previous = { turn, dates, times, kinds, proposal };
      continue;
    }

    const declines = DECLINES.test(turn.text) && !STILL_WANTS.test(turn.text);
    const asksInfo = ASKS_INFO.test(turn.text);
    const corrects = CORRECTS.test(turn.text);

    for (const found of findNames(turn.text, turn.offset, !!previous && asksForName(previous.turn.text)))
      set(name, found.value, found.ranges);
    for (const found of phones) set(phone, found.value, found.ranges);
    for (const found of emails) set(email, found.value, found.ranges);

    if (!declines) {
      // The assistant's proposal, once accepted.
      const acceptance = ACCEPTS.exec(turn.text) ?? ACCEPTS_LATER.exec(turn.text);
      if (
        previous?.proposal &&
        acceptance &&
        !REFUSES.test(turn.text.slice(0, acceptance.index + acceptance[0].length))
      ) {
        const said = {
          start: turn.offset + acceptance.index,
          end: turn.offset + acceptance.index + acceptance[0].length,
        };
        const offered = pairs(previous.dates, previous.times);
        if (distinct(previous.dates).length === 1)
          set(date, previous.dates[0]!.value, [...previous.dates[0]!.ranges, said]);
        if (distinct(previous.times).length === 1)
          set(time, previous.times[0]!.value, [...previous.times[0]!.ranges, said]);
        const timed = offered.filter((o) => o.time);
        if (distinct(previous.dates).length > 1 && timed.length === 1 && timed[0]!.date && dates.length === 0)
          set(date, timed[0]!.date.value, [...timed[0]!.date.ranges, said]);
        if (
          distinct(previous.times).length > 1 &&
          offered.length > 0 &&
          times.length === 0 &&
          dates.length === 0
        ) {
          // "Yes" to a list is a yes to the first offer.
          const first = offered[0]!;
          if (first.date) set(date, first.date.value, [...first.date.ranges, said]);
          if (first.time) set(time, first.time.value, [...first.time.ranges, said]);
        }
        if (
          distinct(previous.kinds.map((k) => ({ ...k, value: k.value as string }))).length === 1 &&
          !kind.value
        )
          set(kind, previous.kinds[0]!.value, [...previous.kinds[0]!.ranges, said]);
        if (previous.dates.length + previous.times.length > 0 || WANTS_VISIT.test(previous.turn.text))
          wantsVisit = true;
      } else if (previous?.proposal && previous.times.length > 1 && BARE_HOUR.test(turn.text)) {
        // "Eleven." after "11 AM or 3 PM": the offer with that hour.
        const hour = hourOf(BARE_HOUR.exec(turn.text)![1]!);
        const offered = pairs(previous.dates, previous.times).filter(
          (o) => o.time && Number(o.time.value.slice(0, 2)) % 12 === hour % 12,
        );
        if (offered.length === 1) {
          const said = { start: turn.offset, end: turn.offset + turn.text.trimEnd().length };
          if (offered[0]!.date) set(date, offered[0]!.date.value, [...offered[0]!.date.ranges, said]);
          set(time, offered[0]!.time!.value, [...offered[0]!.time!.ranges, said]);
        }
      } else if (previous?.proposal && (dates.length > 0 || times.length > 0) && previous.times.length > 1) {
        // Picking one of several offers by its date or its time takes the other half of that offer.
        const offered = pairs(previous.dates, previous.times);
        const byDate =
          dates.length === 1 && times.length === 0
            ? offered.filter((o) => o.date?.value === dates[0]!.value)
            : [];
        const byTime =
          times.length === 1 && dates.length === 0
            ? offered.filter((o) => o.time?.value === times[0]!.value)
            : [];
        if (byDate.length === 1 && byDate[0]!.time) set(time, byDate[0]!.time.value, byDate[0]!.time.ranges);
        if (byTime.length === 1 && byTime[0]!.date) set(date, byTime[0]!.date.value, byTime[0]!.date.ranges);
      }
      for (const found of dates) set(date, found.value, found.ranges);
      for (const found of times) set(time, found.value, found.ranges);

      // After "actually" / "make that", the first type said is the caller's final word for this turn.
      const correction = CORRECTS.exec(turn.text);
      const afterCorrection = correction
        ? kinds.filter((k) => k.ranges[0]!.start >= turn.offset + correction.index).slice(0, 1)
        : [];
      for (const found of afterCorrection.length > 0 ? afterCorrection : kinds) {
        const stickyEmergency =
          kind.value === 'emergency_dental' && found.value !== 'emergency_dental' && !corrects;
        if (!stickyEmergency) set(kind, found.value, found.ranges);
      }
      if (WANTS_VISIT.test(turn.text) && !(asksInfo && !/\b(book|schedule|appointment)\b/i.test(turn.text)))
        wantsVisit = true;
      if (kinds.some((k) => k.value === 'emergency_dental') && !asksInfo) wantsVisit = true;
      // A day or time given when the assistant asks when to come in.
      if (dates.length + times.length > 0 && previous && ASKS_WHEN.test(previous.turn.text))
        wantsVisit = true;
      if (kinds.length > 0 && WANTS_KIND.test(turn.text) && !asksInfo) wantsVisit = true;
    }
    previous = undefined;
  }

  if (!wantsVisit) return { appointmentRequest: null, evidence: empty() };
  return {
    appointmentRequest: {
      patientName: name.value,
      phoneNumber: phone.value,
      email: email.value,
      preferredDate: date.value,
      preferredTime: time.value,
      appointmentType: kind.value,
    },
    evidence: {
      patientName: name.ranges,
      phoneNumber: phone.ranges,
      email: email.ranges,
      preferredDate: date.ranges,
      preferredTime: time.ranges,
      appointmentType: kind.ranges,
    },
  };
}
