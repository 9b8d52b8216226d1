import { describe, expect, it } from 'vitest';
import { formatPracticeTime, practiceDayStart, practiceToday } from './practice-time';

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

  it("starts a day at the practice's midnight; the next day's for an end bound", () => {
    expect(practiceDayStart('2026-03-02', 'America/Los_Angeles')).toBe('2026-03-02T08:00:00.000Z');
    expect(practiceDayStart('2026-03-31', 'America/Los_Angeles', true)).toBe('2026-04-01T07:00:00.000Z');
    expect(practiceDayStart('', 'America/Los_Angeles')).toBeUndefined();
  });

  it("knows the practice's today, which can be another day than the browser's", () => {
    const now = new Date('2026-03-08T03:00:00Z');
    expect(practiceToday('America/New_York', now)).toEqual(new Date(2026, 2, 7));
    expect(practiceToday('Asia/Tokyo', now)).toEqual(new Date(2026, 2, 8));
  });
});
