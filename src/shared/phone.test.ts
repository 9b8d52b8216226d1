import { describe, expect, it } from 'vitest';
import { phoneNumberProblem } from './phone';

describe('phoneNumberProblem', () => {
  it.each(['(555) 123-4567', '555-123-4567', '+1 505 555 0100', '+44 20 7946 0958', '5551234567 ext 12'])(
    'accepts %s',
    (raw) => expect(phoneNumberProblem(raw)).toBeUndefined(),
  );

  it('says what is wrong', () => {
    expect(phoneNumberProblem('555-1234')).toMatch(/too short/);
    expect(phoneNumberProblem('12')).toMatch(/not a phone number|too short/);
    expect(phoneNumberProblem('555123456789012345')).toMatch(/too long/);
    expect(phoneNumberProblem('call me')).toMatch(/only digits/);
    expect(phoneNumberProblem('  ')).toBe('Please enter a phone number.');
    expect(phoneNumberProblem('+999 123 4567')).toMatch(/country code/);
  });
});
