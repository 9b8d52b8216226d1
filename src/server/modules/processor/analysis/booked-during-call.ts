import { splitTurns } from './transcript-lines';

const CONFIRMS =
  /\b(?:you(?:'re| are) (?:all )?(?:booked|scheduled|set)|your appointment is (?:now )?(?:booked|confirmed|set)|i(?:'ve| have) (?:booked|scheduled) you|confirmation number|done\. your appointment is now)\b/i;

/**
 * Whether the assistant confirmed a booking during the call ("You're booked for…"), so the processor reports
 * the call as booked instead of booking it twice. Read from the transcript because that is what every call
 * record has; a call whose booking tool failed has no such confirmation.
 */
export function bookedDuringCall(transcript: string): boolean {
  return splitTurns(transcript).some((turn) => turn.speaker === 'ai' && CONFIRMS.test(turn.text));
}
