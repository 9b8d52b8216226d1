import { describe, expect, it } from 'vitest';
import { nextWindowStart } from './calling-window';

const window = { start: '09:00', end: '19:00' };
const tz = 'America/New_York';

describe('nextWindowStart', () => {
  it('is null inside the window, in the practice time zone', () => {
    // 14:00 UTC = 09:00 in New York (EST).
    expect(nextWindowStart(window, tz, new Date('2026-01-15T14:00:00Z'))).toBeNull();
    expect(nextWindowStart(window, tz, new Date('2026-01-15T23:59:00Z'))).toBeNull();
  });

  it('waits until the window opens the same morning', () => {
    expect(nextWindowStart(window, tz, new Date('2026-01-15T12:00:00Z'))).toEqual(
      new Date('2026-01-15T14:00:00Z'),
    );
  });

  it('waits until the next morning after the window closed (end excluded)', () => {
    expect(nextWindowStart(window, tz, new Date('2026-01-16T00:00:00Z'))).toEqual(
      new Date('2026-01-16T14:00:00Z'),
    );
  });

  it('follows daylight saving time', () => {
    // 8 March 2026: clocks go forward in New York; 09:00 EDT = 13:00 UTC.
    expect(nextWindowStart(window, tz, new Date('2026-03-08T05:00:00Z'))).toEqual(
      new Date('2026-03-08T13:00:00Z'),
    );
  });
});
