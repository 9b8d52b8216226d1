import { describe, expect, it } from 'vitest';
import { CONFIRMATION_LENGTH, newConfirmationNumber } from './confirmation-number';

describe('newConfirmationNumber', () => {
  it('is short and never uses the ambiguous 0, O, 1 or I', () => {
    const numbers = Array.from({ length: 2000 }, () => newConfirmationNumber());
    for (const n of numbers) {
      expect(n).toHaveLength(CONFIRMATION_LENGTH);
      expect(n).toMatch(/^[A-Z2-9]+$/);
      expect(n).not.toMatch(/[0O1I]/);
    }
    expect(new Set(numbers).size).toBeGreaterThan(1990);
  });
});
