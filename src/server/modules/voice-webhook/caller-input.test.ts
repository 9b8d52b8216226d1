import { describe, expect, it } from 'vitest';
import { parseCallerDate, parseCallerTime, parseTimePreference, weekdayClash } from './caller-input';

const NY = 'America/New_York';
// 2026-11-20 is a Friday.
const date = (text: string) => parseCallerDate(text, '2026-11-20', NY);

describe('parseCallerDate', () => {
  it.each([
    ['2026-11-24', '2026-11-24'],
    ['today', '2026-11-20'],
    ['Tomorrow', '2026-11-21'],
    ['monday', '2026-11-23'],
    ['next Friday', '2026-11-27'],
    ['November 25th', '2026-11-25'],
    ['Dec 3', '2026-12-03'],
    ['December 3rd, 2026', '2026-12-03'],
    ['12/03/2026', '2026-12-03'],
    ['12/3', '2026-12-03'],
    ['the 3rd of December', '2026-12-03'],
    ['Tuesday, November 24', '2026-11-24'],
    ['January 5', '2027-01-05'],
    ['November 2', '2027-11-02'],
  ])('%s → %s', (text, expected) => {
    expect(date(text)).toBe(expected);
  });

  it('gives undefined for what is not a date', () => {
    expect(date('whenever')).toBeUndefined();
    expect(date('2026-02-30')).toBeUndefined();
    expect(date('')).toBeUndefined();
  });
});

describe('weekdayClash', () => {
  it('asks which day when the weekday named is not the date’s, and says nothing when they agree', () => {
    expect(weekdayClash('Tuesday, December 14', '2026-12-14')).toBe(
      '2026-12-14 is a Monday, not a Tuesday: ask the caller which day they mean.',
    );
    expect(weekdayClash('Monday, December 14', '2026-12-14')).toBeUndefined();
    expect(weekdayClash('next Tuesday', '2026-11-24')).toBeUndefined();
    expect(weekdayClash('December 14', '2026-12-14')).toBeUndefined();
  });
});

describe('parseCallerTime', () => {
  it.each([
    ['14:30', 870],
    ['9:00', 540],
    ['09:30', 570],
    ['2:30 PM', 870],
    ['2:30 p.m.', 870],
    ['10am', 600],
    ['10 AM', 600],
    ['3 pm', 900],
    ['noon', 720],
    ['2', 840],
    ['9', 540],
    ["4 o'clock", 960],
  ])('%s → %d', (text, expected) => {
    expect(parseCallerTime(text)).toBe(expected);
  });

  it('gives undefined for what is not a time', () => {
    expect(parseCallerTime('soon')).toBeUndefined();
    expect(parseCallerTime('25:00')).toBeUndefined();
  });
});

describe('parseTimePreference', () => {
  it('reads parts of the day, a time, or no preference', () => {
    expect(parseTimePreference('morning')).toBe('morning');
    expect(parseTimePreference('Late afternoon please')).toBe('afternoon');
    expect(parseTimePreference('around 3pm')).toBe(900);
    expect(parseTimePreference('any')).toBeUndefined();
    expect(parseTimePreference(undefined)).toBeUndefined();
  });
});
