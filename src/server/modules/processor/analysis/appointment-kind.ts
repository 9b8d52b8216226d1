import type { AppointmentType } from '#shared/schemas/schedule';

/**
 * What people say, per appointment type. Earlier entries win where phrases overlap ("deep cleaning" is
 * periodontal, not a cleaning; "bleeding gums" is periodontal, not an emergency).
 */
const PHRASES: [AppointmentType, RegExp][] = [
  [
    'periodontal_treatment',
    /\b(deep clean(?:ing)?|scaling and root planing|periodont\w*|perio|gum (?:disease|treatment|infection|problems?)|(?:bleeding|receding|swollen|sore|puffy|inflamed) gums|gums? (?:(?:are|is|have|has|keep|been|always|still|really|often|started|starting)\s+){0,3}(?:bleed\w*|reced\w*|swollen|sore|puffy|inflamed)|gingivitis)\b/gi,
  ],
  ['root_canal', /\b(root canals?|endodont\w*)\b/gi],
  [
    'oral_surgery',
    /\b(wisdom (?:tooth|teeth)|extraction|extract(?:ed)?|pull(?:ed)? (?:a|my|the|this|that) tooth|tooth (?:pulled|out|removed)|teeth (?:pulled|out|removed)|oral surg\w*|implants?|surgery|surgeon)\b/gi,
  ],
  [
    'orthodontic_consultation',
    /\b(braces|invisalign|orthodont\w*|aligners?|retainer|straighten(?:ing)?|crooked|overbite|underbite|crossbite|overcrowd\w*)\b/gi,
  ],
  ['teeth_whitening', /\b(whiten(?:ing|ed)?|whiter|bleach(?:ing)?|stains?|yellow teeth)\b/gi],
  [
    'filling',
    /\b(fillings?|cavit(?:y|ies)|fill(?:ed)? (?:a|the|my|that) (?:tooth|cavity|hole)|hole in my tooth)\b/gi,
  ],
  [
    'emergency_dental',
    /\b(emergency|(?:is |are )?killing me|tooth ?aches?|ach(?:e|es|ing)|severe pain|(?:a lot of|lots of|so much|much|really bad|terrible|awful|horrible|excruciating|unbearable|intense|constant|sharp) (?:tooth |dental )?pain|in (?:a lot of |so much |severe |real )?pain|hurts? (?:so bad|a lot|really bad|like crazy|so much|badly)|(?:can't|cannot|couldn't) sleep|barely slept|(?:face|jaw|cheek|mouth|lip)s? (?:is |are |got |has )?(?:very |really |so |a bit |all |pretty )?swollen|swollen (?:face|jaw|cheek)|swelling|knocked out|(?:broke|broken|cracked|chipped|snapped) (?:a |my |his |her |off )?(?:tooth|molar|front tooth)|(?:wire|bracket)s? (?:\w+ )?(?:snapped|broke|broken|came (?:off|loose|out)|popped|loose|poking)|poking (?:his|her|my|their) (?:cheek|gum|lip|tongue)|abscess\w*|throbbing|urgent(?:ly)?|as soon as possible|asap|right away|bleeding|loose tooth|(?:tooth|teeth) (?:is |are )?loose)\b/gi,
  ],
  ['dental_cleaning', /\b(clean(?:ing|ed)?|scale and polish|hygienist)\b/gi],
  [
    'dental_checkup',
    /\b(check ?-?ups?|check on my teeth|routine (?:visit|appointment)|six[- ]month|regular (?:visit|appointment)|annual)\b/gi,
  ],
  [
    'dental_examination',
    /\b(exam(?:ination)?s?|x-?rays?|evaluation|consultation|new patient (?:visit|appointment)|take a look|(?:have|get) (?:a|someone|somebody) (?:to )?look|look(?:ed)? at|check(?:ed)? (?:it|them|this|that)(?: out)?|dentures?|crowns?|bridge|veneers?)\b/gi,
  ],
];

const GENERIC =
  /^(?:consultation|evaluation|take a look|have|get|look|looked|check|checked|dentures?|crowns?|bridge|veneers?|hygienist)\b/i;
/** "not urgent", "nothing urgent", "isn't an emergency": the caller says it can wait. */
const NOT_URGENT =
  /\b(?:not|nothing|no|isn't|is not|it's not|wasn't|never)\s+(?:an?\s+|that\s+|too\s+|very\s+|super\s+|really\s+|so\s+)?(?:emergency|urgent|serious|bad)\b|\bno (?:rush|hurry)\b|\b(?:can|could) wait\b/gi;

const DENIED_SIGN =
  /\b(?:no|not (?:much|a lot of|in)|without|never any) (?:\w+ )?(?:swelling|bleeding|pain)\b/gi;

const NOT_URGENT_ANYWHERE = new RegExp(NOT_URGENT.source, 'i');

/** Whether the caller says their problem is not urgent ("nothing urgent", "it's not an emergency"). */
export function saysNotUrgent(text: string): boolean {
  return NOT_URGENT_ANYWHERE.test(text);
}

export interface KindMention {
  type: AppointmentType;
  start: number;
  end: number;
}

/** Every appointment-type phrase in `text` (offsets relative to it), overlapping phrases resolved by table order. */
export function findKindMentions(text: string): KindMention[] {
  const mentions: KindMention[] = [];
  // "Not urgent" and "no swelling" deny what they name.
  const denied = [...text.matchAll(NOT_URGENT), ...text.matchAll(DENIED_SIGN)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
  }));
  for (const [type, pattern] of PHRASES) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (mentions.some((m) => start < m.end && end > m.start)) continue;
      if (type === 'emergency_dental' && denied.some((d) => start < d.end && end > d.start)) continue;
      mentions.push({ type, start, end });
    }
  }
  // "a root canal consultation" is a root canal, "my hygienist said I need a deep cleaning" a deep cleaning:
  // the generic words count only when nothing specific is said.
  const specific = mentions.filter(
    (m) =>
      !(m.type === 'dental_examination' || m.type === 'dental_cleaning') ||
      !GENERIC.test(text.slice(m.start, m.end)),
  );
  return (specific.length > 0 ? specific : mentions).sort((a, b) => a.start - b.start);
}
