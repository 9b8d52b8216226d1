/** What an ended outbound call means for the patient's call (platform `endedReason` values, vapi.md). */
export type Outcome = 'completed' | 'retry' | 'failed';

/** Busy and no answer are tried again, up to twice (three placements in all). */
export const MAX_RETRIES = 2;
const RETRYABLE = new Set(['customer-busy', 'customer-did-not-answer']);
const FAILED = /error|fail|fault|rejected|no-answer|busy|not-found|invalid|blocked/;

export function outcomeOf(endedReason: string | null): Outcome {
  if (!endedReason) return 'completed';
  if (RETRYABLE.has(endedReason)) return 'retry';
  // The assistant left its voicemail message: the patient got the reminder.
  if (endedReason === 'voicemail') return 'completed';
  return FAILED.test(endedReason) ? 'failed' : 'completed';
}
