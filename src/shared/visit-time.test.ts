import { describe, expect, it } from 'vitest';
import { formatVisitDay, formatVisitTime } from './visit-time';

describe('visit day and time in texts', () => {
  it('writes the weekday, month and day', () => {
    expect(formatVisitDay('2026-09-30')).toBe('Wednesday, Sep 30');
    expect(formatVisitDay('2024-02-29')).toBe('Thursday, Feb 29');
    expect(formatVisitDay('2023-02-29')).toBe('2023-02-29');
    expect(formatVisitDay('soon')).toBe('soon');
  });
  it('writes a 12-hour time', () => {
    expect(formatVisitTime('09:30')).toBe('9:30 AM');
    expect(formatVisitTime('12:30')).toBe('12:30 PM');
    expect(formatVisitTime('00:15')).toBe('12:15 AM');
    expect(formatVisitTime('17:00:00')).toBe('5:00 PM');
  });
});
