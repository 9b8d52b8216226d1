import { wallFromInstant } from '../../../lib/wall-time';
import type { AppointmentRequest, Evidence, EvidenceRange } from '#shared/schemas/processor';
import type { AppointmentType } from '#shared/schemas/schedule';
import { findKindMentions, saysNotUrgent } from './appointment-kind';
import type { Found } from './found';
import { asksForFirstName, asksForName, asksForSurname, findNames, type NameRole } from './names';
import { findEmails } from './spoken-email';
import { findPhoneNumbers } from './spoken-numbers';
import { splitTurns, tokenize, wordsBefore, type Turn } from './transcript-lines';
import { bareHour, findDates, findTimes, monthsSaid, partOfDay, type WallNow } from './when';

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

/** What a caller says to ask for a visit; an "appointment" of theirs ("my appointment") is one they have. */
const WANTS_VISIT =
  /\b(book|booking|schedule|(?<!\b(?:my|his|her|our|their|your|have an?|had an?|got an?)\s(?:\w+\s)?)(?:appointment|appt)s?|come in|get in|pop in|drop in|stop by|come by|be seen|get seen|(?<!used to )see (?:the|a|an|your|dr|doctor|someone|somebody|the dentist|me|him|her|us|my \w+)|bring (?:him|her|them|my \w+) in|fit (?:me|him|her|us|them) in|squeeze (?:me|him|her|us|them) in|reschedule|move (?:it|my|the|our|his|her)|openings?|availability|available|set (?:me |him |her |us )?up|due for|earliest|soonest|any time)\b/i;
const BOOK_WORDS = /\b(book|schedule|appointment|appt|come in)\b/i;
/** Wanting a treatment named in the same turn ("I need a filling", "the dentist wants me to see a surgeon"). */
const WANTS_KIND =
  /\b(needs?|needed|wants?|wanted|like|looking|due|get|have|getting|having|interested|referr?(?:ed|ing|al)?|sending|send(?:ing)? over|recommended|should see|told me|said i|could i|can i|can you|hoping|book|schedule)\b/i;
const ASKS_INFO =
  /\b(how much|cost|costs|price|prices|pricing|charge|fees?|(?:do|does|if|whether) (?:you|u|ya|your office|the office) (?:guys |all )?(?:take|accept|do|offer|work with|bill)|insurance|medicaid|medicare|what are your hours|(?:are|r) (?:you|u) open|what time (?:do|does|are|you|is) (?:you |u |the office )?(?:open|close)|when (?:do|are|does) (?:you|u|the office) (?:open|close)|opening hours|do you have an? \w+ (?:line|number)|just asking|is (?:that|it|this) normal|should i (?:be worried|worry)|payment plans?|what time (?:is )?my|when is my|can you check)\b/i;
const DECLINES =
  /\b(not yet|no thanks|no,? thank you|don't want|do not want|not right now|not now|not for now|not today|cancel|wrong number|confirm(?:ing)? (?:my|the|our) appointment|running (?:\w+ ){0,2}late|(?:be|am|'m|is) (?:\w+ ){0,3}late\b|never ?mind|forget it|maybe later|(?:i'?ll|i will|let me|we'?ll) think|think about it|talk (?:to|with) my|(?:just )?comparing|no,? (?:that's|it's) (?:ok|okay|fine|alright)|no,? you're alright|(?:i'll|i will|we'll) (?:book|schedule|call|do (?:it|that))\b[^.?!]*\b(?:later|online|another time)|just (?:wanted to|calling to|ringing to|had a question|checking|wondering))\b/i;
const STILL_WANTS =
  /\b(reschedule|move (?:it|my)|another (?:day|time)|new (?:appointment|time|date)|instead)\b/i;
const REMINDER = /\b(remind|reminder|confirm(?:ing)? your|your (?:upcoming )?appointment (?:is|on|at))\b/i;
const PROPOSES =
  /\b((?:i|we) have|(?:i|we)'ve got|i can (?:offer|do|get you|book|fit|put|see)|we can|(?:she|he|they|dr\.? \w+|doctor \w+) (?:has|have|can)|how about|what about|would|does|do you want|shall i|should i|want me to|there'?s an? (?:opening|slot)|available|opening|is free|are free|we could|works?)\b|\?/i;
const HOURS =
  /\b(?:(?:we're|we are|we|office is|office's) (?:open|closed?)|(?:open|close)s? (?:at|until|till)|from \d{1,2}(?::\d\d)? ?(?:am|pm)? (?:to|until|till) \d|hours)\b/i;
/** The assistant asks for the caller's details, which the caller gives without a word about the offer. */
const ASKS_DETAILS =
  /\b(?:name|number|phone|e-?mail|date of birth|birthday|spell)\b[^.!]*\?|\bname please\b/i;
/** The assistant offers to book ("Would you like to schedule?"): a "no" to it is no request. */
const OFFERS_BOOKING =
  /\b(?:(?:would|do) (?:you|she|he|they) (?:like|want)(?: me)? to (?:book|schedule|set up|make|rebook|reschedule|come in)|(?:shall|should|can|could) i (?:book|schedule|set|find|get|put)|(?:would|do) (?:you|she|he|they) like an? (?:\w+ )?(?:appointment|visit|consultation)|find you another)\b/i;
const SAYS_NO = /^\s*(?:no|nope|nah|not really)\b/i;
const ACCEPTS =
  /^\s*(?:(?:oh|um|uh|ah|well|please|ok|okay)[,.]?\s+)?(yes|yeah|yep|yup|sure|ok|okay|perfect|great|good|alright|all right|cool|sounds (?:good|great|perfect)|that(?: works| would work| should work|'s fine| is fine|'s perfect|'s great|'s good| one)|works for me|let's do (?:it|that)|book it|please do|go ahead|absolutely|definitely|that'll (?:work|do)|fine|lovely|wonderful|excellent|brilliant)\b/i;
/** Acceptance said later in the turn ("Ethan Moore. Thank you, we're on our way.", "Next Monday's fine."). */
const ACCEPTS_LATER =
  /\b(we're on (?:our|the) way|on my way|i'll be there|we'll be there|see you then|(?:we|i|he|she|they)'ll take it|book it|sounds (?:good|great|perfect)|that works|works for me|let's do (?:it|that)|(?:'s|is|would be|will be|should be|'ll be) (?:fine|good|great|perfect|ok|okay|ideal)|(?:should|would|will|'ll|does) work|works|suits me|i can (?:go|come|make it)|yes please)\b/i;
const ASKS_WHEN =
  /\b(when (?:would|works|can|could|is)|what day|what time|which day|book|schedule|come in)\b/i;
const ASKS_TIME = /\b(?:(?:what|which) time|what hour|time (?:works|suits|would|is best|do you prefer))\b/i;
const REFUSES = /\b(no|not|can't|cannot|don't|doesn't|won't|busy)\b/i;
const CORRECTS =
  /\b(actually|instead|rather|make it|change (?:it|that)|switch|on second thought|sorry,? (?:i meant|it's)|wait)\b/i;
const REJECTS_DATE =
  /(?:\b(?:can't do|cannot do|can't make|can't come|not|except|busy|won't work|no)\s+(?:on\s+|at\s+)?|\b(?:working|away|at (?:camp|work|school)|out of town)\s+(?:on\s+)?)$/i;
/** Said right after a day: "Tuesday I'm working", "Friday's bad", "Monday doesn't work". */
const REJECTED_AFTER =
  /^(?:'s|\s+is|\s+are)?\s*(?:bad|no good|not good|out|impossible|difficult|a no)\b|^\s*(?:doesn't|does not|won't|will not|wouldn't|isn't|is not|don't) (?:work|suit|do)\b|^[,.]?\s*(?:i'm|i am|he's|he is|she's|she is|we're|we are|they're|they are) (?:working|busy|away|out|at work|at school)\b/i;
/** X-rays or records sent between offices are paperwork, not a visit. */
const PAPERWORK =
  /\b(?:sent|send|sending|forward\w*|transferr?\w*|fax\w*|e-?mail\w*|cop(?:y|ies)|records?)\b/i;
/** "the Monday one", "the 2 o'clock one", "the morning one": the words that pick one of several offers. */
const PICKS_ONE = /\bthe ([\w:' ]{2,20}?) one\b/i;
/** "the earlier one", "the first", "whichever is later": an offer picked by its place in time. */
const PICKS_EARLIER = /\b(?:the )?(?:earlier|earliest|first|sooner|soonest)(?: one)?\b/i;
const PICKS_LATER = /\b(?:the )?(?:later|latest|last|second|latter)(?: one)?\b/i;

/** Evidence with no range for any field. */
export function emptyEvidence(): Evidence {
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

interface Offer {
  date: Found | undefined;
  time: Found | undefined;
}

/** Pairs each time in a turn with the date said before it (or after, when none before). */
function pairs(dates: Found[], times: Found[]): Offer[] {
  if (times.length === 0) return dates.map((date) => ({ date, time: undefined }));
  return times.map((time) => {
    const before = dates.filter((d) => d.ranges[0]!.start < time.ranges[0]!.start).at(-1);
    return { date: before ?? dates[0], time };
  });
}

const sameOffer = (a: Offer, b: Offer) => a.date?.value === b.date?.value && a.time?.value === b.time?.value;
const hourOf = (value: string) => [Number(value.slice(0, 2)) % 12, Number(value.slice(3, 5))].join(':');
const PART_WORD = /\b(morning|afternoon|evening)\b/i;

/**
 * The one offer of several that the caller's turn picks, by its time ("1 PM, please", "Ten is better",
 * "330"), its day ("The Thursday", "4 PM Wednesday") or its part of the day ("the afternoon one"). A day or
 * time that matches no offer is the caller's own proposal, not a pick.
 */
function pickOffer(offered: Offer[], turn: Turn, dates: Found[], times: Found[]): Offer | undefined {
  const choice = PICKS_ONE.exec(turn.text);
  const within = (f: Found) => {
    if (!choice) return true;
    const start = turn.offset + choice.index;
    return f.ranges[0]!.start >= start && f.ranges[0]!.end <= start + choice[0].length;
  };
  const isPart = (f: Found) =>
    PART_WORD.test(turn.text.slice(f.ranges[0]!.start - turn.offset, f.ranges[0]!.end - turn.offset));
  let candidates = offered;
  const clock = times.filter((t) => within(t) && !isPart(t));
  const hour = clock.length === 0 ? bareHour(choice ? choice[1]! : turn.text, 0) : null;
  if (clock.length > 0) {
    candidates = candidates.filter((o) => o.time && clock.some((t) => t.value === o.time!.value));
    if (candidates.length === 0) return undefined;
  } else if (hour) {
    const exact = candidates.filter((o) => o.time?.value === hour.value);
    candidates =
      exact.length > 0
        ? exact
        : candidates.filter((o) => o.time && hourOf(o.time.value) === hourOf(hour.value));
    if (candidates.length === 0) return undefined;
  }
  const days = dates.filter(within);
  if (days.length > 0) {
    // "thurs" read as this Thursday still picks the Thursday offered next week.
    const weekday = (value: string) => new Date(`${value}T00:00:00Z`).getUTCDay();
    let byDay = candidates.filter((o) => o.date && days.some((d) => d.value === o.date!.value));
    if (byDay.length === 0)
      byDay = candidates.filter(
        (o) => o.date && days.some((d) => weekday(d.value) === weekday(o.date!.value)),
      );
    if (byDay.length === 0) return undefined;
    candidates = byDay;
  }
  const part = PART_WORD.exec(choice ? choice[1]! : turn.text)?.[1]?.toLowerCase();
  if (part && clock.length === 0 && !hour) {
    const inPart = candidates.filter((o) => o.time && partOfDay(o.time.value) === part);
    if (inPart.length > 0) candidates = inPart;
  }
  if (candidates.length === offered.length && !clock.length && !hour && !days.length && !part) {
    // "The earlier one, please.": offers are said in the order of time.
    const order = choice?.[0] ?? turn.text;
    const earlier = PICKS_EARLIER.test(order);
    if (earlier !== PICKS_LATER.test(order)) return earlier ? offered[0] : offered.at(-1);
  }
  const unique = candidates.filter((o, i) => candidates.findIndex((p) => sameOffer(o, p)) === i);
  if (unique.length !== 1 || unique.length === offered.length) return undefined;
  if (clock.length === 0 && !hour && days.length === 0 && !part) return undefined;
  return unique[0];
}

/** The turn's text with the names in it blanked, so "Devon Price" is not a question about prices. */
function withoutNames(turn: Turn, names: Found[]): string {
  const text = turn.text;
  const blanked = names
    .map((name) => [name.ranges[0]!.start - turn.offset, name.ranges[0]!.end - turn.offset] as const)
    .filter(([start, end]) => start >= 0 && end <= text.length)
    .sort((a, b) => a[0] - b[0]);
  const parts: string[] = [];
  let at = 0;
  for (const [start, end] of blanked) {
    if (end <= at) continue;
    const from = Math.max(start, at);
    parts.push(text.slice(at, from), ' '.repeat(end - from));
    at = end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/**
 * Reads an appointment request out of a call transcript with rules: deterministic, no network, no model.
 * Caller details come from the caller's turns, read against the assistant's turn before them: the answer to
 * "your name?" is a name, to "what time?" a time; a date or time the assistant proposes counts once the
 * caller accepts or picks it; when the caller changes their mind the last value wins.
 */
export function analyzeTranscript(transcript: string, context: AnalysisContext): TranscriptAnalysis {
  const turns = splitTurns(transcript);
  const now = wallNow(context.callStartedAt, context.timeZone);
  const name: Slot = { value: null, ranges: [] };
  let nameRole: NameRole | null = null;
  const phone: Slot = { value: null, ranges: [] };
  const email: Slot = { value: null, ranges: [] };
  const date: Slot = { value: null, ranges: [] };
  const time: Slot = { value: null, ranges: [] };
  const kind: Slot<AppointmentType> = { value: null, ranges: [] };
  let wantsVisit = false;
  let notUrgent = false;
  // The month being talked about: "the 12th" after "what day in January?" is in January.
  let month: number | undefined;
  // The assistant's latest offers, until the caller picks, accepts or makes their own.
  let standing: Offer[] = [];
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
    const before = (f: Found) => wordsBefore(turn.text, f.ranges[0]!.start - turn.offset);
    const after = (f: Found) => turn.text.slice(f.ranges[0]!.end - turn.offset);
    const dates = findDates(turn.text, turn.offset, now, month).filter(
      (d) => outside(d) && !REJECTS_DATE.test(before(d)) && !REJECTED_AFTER.test(after(d)),
    );
    const times = findTimes(turn.text, turn.offset, masked).filter((t) => !REJECTS_DATE.test(before(t)));
    const kinds: Found<AppointmentType>[] = findKindMentions(turn.text)
      .filter((m) => !(m.type === 'dental_examination' && PAPERWORK.test(sentenceAround(turn.text, m.start))))
      .map((m) => ({
        value: m.type,
        ranges: [{ start: turn.offset + m.start, end: turn.offset + m.end }],
      }));
    month = monthsSaid(turn.text, now).at(-1)?.month ?? month;

    if (turn.speaker === 'ai') {
      // Once the caller asked for a visit, a day or time the assistant names is an offer, unless it tells
      // the opening hours.
      const proposal =
        !REMINDER.test(turn.text) &&
        (PROPOSES.test(turn.text) ||
          (wantsVisit && dates.length + times.length > 0 && !HOURS.test(turn.text)));
      previous = { turn, dates, times, kinds, proposal };
      if (proposal && dates.length + times.length > 0) standing = pairs(dates, times);
      continue;
    }

    const names = findNames(turn.text, turn.offset, previous ? asksForName(previous.turn.text) : null);
    const plain = withoutNames(turn, names);
    const declines = DECLINES.test(plain) && !STILL_WANTS.test(plain);
    const asksInfo = ASKS_INFO.test(plain);
    const corrects = CORRECTS.test(plain);
    if (saysNotUrgent(plain)) notUrgent = true;
    let wantsNow = false;

    for (const found of names) {
      // "Sam" then "What's Sam's last name?" "Ortega.": the two halves of one name.
      // "The surname is Kowalczyk." "And your first name?" "Marta.": the same, first name first.
      const surname = !!previous && asksForSurname(previous.turn.text);
      const firstName = !!previous && asksForFirstName(previous.turn.text);
      if ((surname || firstName) && name.value && !name.value.includes(' ') && !found.value.includes(' ')) {
        const full = surname ? `${name.value} ${found.value}` : `${found.value} ${name.value}`;
        if (found.value !== name.value) set(name, full, [...name.ranges, ...found.ranges]);
        continue;
      }
      // Once the patient is named (a child, another office's patient), the caller's own name is not theirs.
      if (found.role === 'self' && nameRole === 'patient') continue;
      // "It's Barnett, with two T's" after "Tom Barnett here" corrects the assistant, not the name.
      const words = name.value?.split(' ') ?? [];
      if (!found.value.includes(' ') && words.length > 1 && words.includes(found.value)) continue;
      set(name, found.value, found.ranges);
      nameRole = found.role;
    }
    for (const found of phones) set(phone, found.value, found.ranges);
    for (const found of emails) set(email, found.value, found.ranges);

    if (!declines) {
      const offered = previous?.proposal ? pairs(previous.dates, previous.times) : [];
      // "Which time would you prefer?" asks about the offers made a turn or two before.
      const open = offered.length > 0 ? offered : previous ? standing : [];
      const distinctOffers = open.filter((o, i) => open.findIndex((p) => sameOffer(o, p)) === i);
      const picked = distinctOffers.length > 1 ? pickOffer(distinctOffers, turn, dates, times) : undefined;
      const acceptance = ACCEPTS.exec(plain) ?? ACCEPTS_LATER.exec(plain);
      let accepted = false;
      const engages =
        !!picked || (dates.length + times.length > 0 && !!previous && ASKS_WHEN.test(previous.turn.text));
      if (picked) {
        const said = { start: turn.offset, end: turn.offset + turn.text.trimEnd().length };
        if (picked.date) set(date, picked.date.value, [...picked.date.ranges, said]);
        if (picked.time) set(time, picked.time.value, [...picked.time.ranges, said]);
        wantsVisit = true;
      } else if (
        previous?.proposal &&
        acceptance &&
        !REFUSES.test(plain.slice(0, acceptance.index + acceptance[0].length))
      ) {
        // The assistant's proposal, once accepted.
        const said = {
          start: turn.offset + acceptance.index,
          end: turn.offset + acceptance.index + acceptance[0].length,
        };
        const timed = offered.filter((o) => o.time);
        if (distinct(previous.dates).length === 1)
          set(date, previous.dates[0]!.value, [...previous.dates[0]!.ranges, said]);
        if (distinct(previous.times).length === 1)
          set(time, previous.times[0]!.value, [...previous.times[0]!.ranges, said]);
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
        if (distinct(previous.kinds).length === 1 && !kind.value)
          set(kind, previous.kinds[0]!.value, [...previous.kinds[0]!.ranges, said]);
        if (previous.dates.length + previous.times.length > 0 || WANTS_VISIT.test(previous.turn.text))
          wantsVisit = true;
        accepted = true;
      } else if (
        previous?.proposal &&
        offered.length === 1 &&
        dates.length + times.length === 0 &&
        ASKS_DETAILS.test(previous.turn.text) &&
        names.length + phones.length + emails.length > 0 &&
        !REFUSES.test(plain) &&
        !plain.includes('?')
      ) {
        // "I can see him at 3:30. What's his name?" "Omar Haddad.": answering goes along with the offer.
        const only = offered[0]!;
        if (only.date) set(date, only.date.value, only.date.ranges);
        if (only.time) set(time, only.time.value, only.time.ranges);
        accepted = true;
      } else if (times.length === 0 && previous && ASKS_TIME.test(previous.turn.text)) {
        // "Ten." to "And what time?".
        const hour = bareHour(turn.text, turn.offset);
        if (hour) {
          set(time, hour.value, hour.ranges);
          wantsVisit = true;
        }
      }
      if (!picked) {
        for (const found of dates) set(date, found.value, found.ranges);
        for (const found of times) set(time, found.value, found.ranges);
      }
      // Going along with the assistant's booking ("We can have the dentist take a look. What day?") takes
      // the treatment it named, when the caller named none.
      const goesAlong = engages || accepted || (dates.length + times.length > 0 && !!previous);
      if (goesAlong && kinds.length === 0 && !kind.value && previous && distinct(previous.kinds).length === 1)
        set(kind, previous.kinds[0]!.value, previous.kinds[0]!.ranges);

      // After "actually" / "make that", the first type said is the caller's final word for this turn.
      const correction = CORRECTS.exec(plain);
      const afterCorrection = correction
        ? kinds.filter((k) => k.ranges[0]!.start >= turn.offset + correction.index).slice(0, 1)
        : [];
      for (const found of afterCorrection.length > 0 ? afterCorrection : kinds) {
        const stickyEmergency =
          kind.value === 'emergency_dental' && found.value !== 'emergency_dental' && !corrects;
        if (!stickyEmergency) set(kind, found.value, found.ranges);
      }
      wantsNow =
        (WANTS_VISIT.test(plain) && !(asksInfo && !BOOK_WORDS.test(plain))) ||
        (kinds.some((k) => k.value === 'emergency_dental') && !asksInfo) ||
        // A day or time given when the assistant asks when to come in, or one of its offers picked.
        engages ||
        (kinds.length > 0 && WANTS_KIND.test(plain) && !asksInfo);
      if (wantsNow) wantsVisit = true;
    }
    // "Would you like to book?" "Not now.": what came before was a question, not a request.
    const refusesOffer =
      !!previous &&
      OFFERS_BOOKING.test(previous.turn.text) &&
      (declines || (SAYS_NO.test(plain) && dates.length + times.length === 0));
    if (refusesOffer && !wantsNow && !date.value && !time.value) wantsVisit = false;
    if (dates.length + times.length > 0) standing = [];
    previous = undefined;
  }

  if (!wantsVisit) return { appointmentRequest: null, evidence: emptyEvidence() };
  // "A bit of a toothache, nothing urgent": someone should look at it, it is not an emergency visit.
  if (kind.value === 'emergency_dental' && notUrgent) kind.value = 'dental_examination';
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

/** The sentence of `text` around `index`. */
function sentenceAround(text: string, index: number): string {
  const start =
    Math.max(text.lastIndexOf('.', index), text.lastIndexOf('?', index), text.lastIndexOf('!', index)) + 1;
  const ends = ['.', '?', '!'].map((c) => text.indexOf(c, index)).filter((i) => i >= 0);
  return text.slice(start, ends.length > 0 ? Math.min(...ends) : text.length);
}
