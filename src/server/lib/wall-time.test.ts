import { describe, expect, it } from 'vitest';
import {
  addMinutesToWall,
  addMonthsToDate,
  dayRange,
  instantFromWall,
  isDate,
  minutesOfDay,
  normalizeWall,
  parseHm,
  wallFromInstant,
  wholeMonthsBetween,
} from './wall-time';

describe('wall time', () => {
  it('normalises vendor forms', () => {
    expect(normalizeWall('2025-07-03 13:00:00')).toBe('2025-07-03T13:00:00');
    expect(normalizeWall('2025-07-03T13:00')).toBe('2025-07-03T13:00:00');
    expect(normalizeWall('2025-02-30 13:00:00')).toBeUndefined();
    expect(normalizeWall('13:00')).toBeUndefined();
  });

  it('converts between wall time and instants in a zone', () => {
    expect(instantFromWall('2025-07-03T13:00:00', 'America/Denver').toISOString()).toBe(
      '2025-07-03T19:00:00.000Z',
    );
    expect(wallFromInstant(new Date('2025-07-03T19:00:00Z'), 'America/Denver')).toBe('2025-07-03T13:00:00');
    expect(wallFromInstant(new Date('2025-01-03T19:00:00Z'), 'America/Denver')).toBe('2025-01-03T12:00:00');
  });

  it('gives practice-local day ranges, 23 hours on a DST start day', () => {
    const { start, end } = dayRange('2025-03-09', 'America/Denver');
    expect(start.toISOString()).toBe('2025-03-09T07:00:00.000Z');
    expect(end.toISOString()).toBe('2025-03-10T06:00:00.000Z');
  });

  it('does clock-face arithmetic', () => {
    expect(addMinutesToWall('2025-07-03T23:30:00', 45)).toBe('2025-07-04T00:15:00');
    expect(minutesOfDay('2025-07-03T13:30:30')).toBe(810.5);
    expect(parseHm('09:05')).toBe(545);
    expect(parseHm('24:00')).toBeUndefined();
    expect(isDate('2025-07-03')).toBe(true);
    expect(isDate('2025-13-03')).toBe(false);
  });

  it('adds calendar months, a day the month lacks becoming its last (recall intervals)', () => {
    expect(addMonthsToDate('2025-08-31', -6)).toBe('2025-02-28');
    expect(addMonthsToDate('2024-08-31', -6)).toBe('2024-02-29');
    expect(addMonthsToDate('2025-01-15', -1)).toBe('2024-12-15');
    expect(addMonthsToDate('2025-11-30', 3)).toBe('2026-02-28');
    expect(addMonthsToDate('2025-03-10', -36)).toBe('2022-03-10');
  });

  it('counts whole calendar months between two dates, none when the second is not later', () => {
    expect(wholeMonthsBetween('2025-01-10', '2025-04-09')).toBe(2);
    expect(wholeMonthsBetween('2025-01-10', '2025-04-10')).toBe(3);
    expect(wholeMonthsBetween('2025-01-31', '2025-02-28')).toBe(1);
    expect(wholeMonthsBetween('2024-12-20', '2025-01-19')).toBe(0);
    expect(wholeMonthsBetween('2025-05-01', '2025-04-01')).toBe(0);
  });
});
