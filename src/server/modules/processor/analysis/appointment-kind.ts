import type { AppointmentType } from '#shared/schemas/schedule';

/**
 * What people say, per appointment type. Earlier entries win where phrases overlap ("deep cleaning" is
 * periodontal, not a cleaning; "bleeding gums" is periodontal, not an emergency).
 */
const PHRASES: [AppointmentType, RegExp][] = [
  [
    'periodontal_treatment',
    /\b(deep clean(?:ing)?|scaling and root planing|periodontal|perio|gum (?:disease|treatment|infection|problems?)|(?:bleeding|receding|swollen|sore) gums|gums? (?:are |is )?(?:bleeding|receding|bleed)|gingivitis)\b/gi,
  ],
  ['root_canal', /\broot canals?\b/gi],
  [
    'oral_surgery',
    /\b(wisdom (?:tooth|teeth)|extraction|extract(?:ed)?|pull(?:ed)? (?:a|my|the|this|that) tooth|tooth (?:pulled|out|removed)|teeth (?:pulled|out|removed)|oral surgery|implants?|surgery)\b/gi,
  ],
  [
    'orthodontic_consultation',
    /\b(braces|invisalign|orthodont\w*|aligners?|retainer|straighten(?:ing)?|crooked)\b/gi,
  ],
  ['teeth_whitening', /\b(whiten(?:ing)?|whiter|bleach(?:ing)?|stains?|yellow teeth)\b/gi],
  [
    'filling',
    /\b(fillings?|cavit(?:y|ies)|fill(?:ed)? (?:a|the|my|that) (?:tooth|cavity|hole)|hole in my tooth)\b/gi,
  ],
  [
    'emergency_dental',
    /\b(emergency|(?:is |are )?killing me|tooth ?aches?|severe pain|(?:a lot of|so much|really bad|terrible|awful|excruciating) pain|in (?:a lot of )?pain|hurts? (?:so bad|a lot|really bad|like crazy)|(?:face|jaw|cheek) (?:is )?swollen|swelling|knocked out|(?:broke|broken|cracked|chipped) (?:a |my )?(?:tooth|molar|front tooth)|abscess\w*|throbbing|urgent(?:ly)?|as soon as possible|asap|right away|bleeding|loose tooth|(?:tooth|teeth) (?:is |are )?loose)\b/gi,
  ],
  ['dental_cleaning', /\b(clean(?:ing|ed)?|scale and polish)\b/gi],
  [
    'dental_checkup',
    /\b(check ?-?ups?|check on my teeth|routine (?:visit|appointment)|six[- ]month|regular (?:visit|appointment)|annual)\b/gi,
  ],
  [
    'dental_examination',
    /\b(exam(?:ination)?s?|x-?rays?|evaluation|consultation|new patient (?:visit|appointment)|take a look|look at (?:it|my tooth|my teeth))\b/gi,
  ],
];

const GENERIC = /^(?:consultation|evaluation|take a look|look at)/i;

export interface KindMention {
  type: AppointmentType;
  start: number;
  end: number;
}

/** Every appointment-type phrase in `text` (offsets relative to it), overlapping phrases resolved by table order. */
export function findKindMentions(text: string): KindMention[] {
  const mentions: KindMention[] = [];
  for (const [type, pattern] of PHRASES) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (mentions.some((m) => start < m.end && end > m.start)) continue;
      mentions.push({ type, start, end });
    }
  }
  // "a root canal consultation" is a root canal: the generic words count only when nothing specific is said.
  const specific = mentions.filter(
    (m) => !(m.type === 'dental_examination' && GENERIC.test(text.slice(m.start, m.end))),
  );
  return (specific.length > 0 ? specific : mentions).sort((a, b) => a.start - b.start);
}
