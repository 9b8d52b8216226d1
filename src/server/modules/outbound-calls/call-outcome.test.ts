import { describe, expect, it } from 'vitest';
import { outcomeOf } from './call-outcome';

describe('outcomeOf', () => {
  it.each([
    ['customer-ended-call', 'completed'],
    ['assistant-ended-call', 'completed'],
    ['voicemail', 'completed'],
    ['silence-timed-out', 'completed'],
    [null, 'completed'],
    ['customer-busy', 'retry'],
    ['customer-did-not-answer', 'retry'],
    ['call.start.error-subscription-concurrency-limit-reached', 'failed'],
    ['twilio-failed-to-connect-call', 'failed'],
    ['call.in-progress.error-sip-outbound-call-failed-to-connect', 'failed'],
  ] as const)('%s is %s', (reason, outcome) => {
    expect(outcomeOf(reason)).toBe(outcome);
  });
});
