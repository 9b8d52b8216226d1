import type { Intent } from '#shared/schemas/messaging';

/**
 * What a patient's text asks for (issue 23). A keyword counts only as the whole text: one word, any case,
 * spaces and a trailing full stop or exclamation mark around it ignored. Carrier keywords come first: CANCEL
 * is an opt-out (never a cancellation), YES an opt-in (never a confirmation), as Twilio treats them.
 */
export type Reply =
  | { type: 'opt_out'; keyword: string }
  | { type: 'opt_in'; keyword: string }
  | { type: 'help' }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'reschedule' }
  | { type: 'free'; suggestedIntent: Intent };

export const OPT_OUT_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'];
export const OPT_IN_WORDS = ['START', 'UNSTOP', 'YES'];
const HELP_WORDS = ['HELP', 'INFO'];
const CONFIRM_WORDS = ['C', 'Y', '1', 'OK', 'OKAY', 'CONFIRM', 'CONFIRMED', 'YEP', 'SURE'];
const CANCEL_WORDS = ['N', 'X', '9', 'NO'];
const RESCHEDULE_WORDS = ['R', 'RESCHEDULE'];

/** The text as one upper-case keyword, or undefined when it is more than one word. */
function keywordOf(body: string): string | undefined {
  const word = body.trim().replace(/[.!]+$/, '');
  return /^[\p{L}\p{N}]+$/u.test(word) ? word.toUpperCase() : undefined;
}

export function parseReply(body: string): Reply {
  const word = keywordOf(body);
  if (word !== undefined) {
    if (OPT_OUT_WORDS.includes(word)) return { type: 'opt_out', keyword: word };
    if (OPT_IN_WORDS.includes(word)) return { type: 'opt_in', keyword: word };
    if (HELP_WORDS.includes(word)) return { type: 'help' };
    if (CONFIRM_WORDS.includes(word)) return { type: 'confirm' };
    if (CANCEL_WORDS.includes(word)) return { type: 'cancel' };
    if (RESCHEDULE_WORDS.includes(word)) return { type: 'reschedule' };
  }
  return { type: 'free', suggestedIntent: guessIntent(body) };
}

const RULES: [Intent, RegExp][] = [
  [
    'reschedule',
    /\b(reschedul\w*|another (day|time)|different (day|time)|move (it|my)|change (the|my) (time|day|appointment)|push (it|back)|later (day|time)|can'?t make it|cannot make it)\b/,
  ],
  [
    'cancel',
    /\b(cancel\w*|won'?t (be able to )?(come|make)|will not (come|make)|not coming|call (it )?off)\b/,
  ],
  [
    'confirm',
    /\b(confirm\w*|see you|i'?ll be there|will be there|sounds good|yes|yeah|yep|ok(ay)?|sure|perfect|great|thanks?|thank you)\b/,
  ],
];

/**
 * A free text's likely intent by simple word rules: reschedule before cancel before confirm (a "can't make it,
 * can we do Friday" is a reschedule), and anything else, a question mark included, is a question for staff.
 */
export function guessIntent(body: string): Intent {
  const text = body.toLowerCase().replace(/[’‘]/g, "'");
  for (const [intent, rule] of RULES) if (rule.test(text)) return intent;
  return 'question';
}
