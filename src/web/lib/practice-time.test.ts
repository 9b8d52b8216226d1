import { describe, expect, it } from 'vitest';
import { formatPracticeTime } from './practice-time';

describe('formatPracticeTime', () => {
  it("reads the practice's wall time and zone, whatever the browser's", () => {
    const at = '2026-03-02T15:04:00.000Z';
    expect(formatPracticeTime(at, 'America/New_York')).toBe('Mar 2, 2026, 10:04 AM EST');
    expect(formatPracticeTime(at, 'America/Los_Angeles', { year: false })).toBe('Mar 2, 7:04 AM PST');
    expect(formatPracticeTime('2026-07-02T15:04:00.000Z', 'America/New_York', { year: false })).toBe(
      'Jul 2, 11:04 AM EDT',
    );
  });

  it('shows a dash for a time not known', () => {
    expect(formatPracticeTime(null, 'America/New_York')).toBe('–');
  });
});
