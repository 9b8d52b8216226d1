import { describe, expect, it } from 'vitest';
import { earliestStart, mergeIntervals, mergeSlots, slotStarts, subtractIntervals } from './slots';
import { formatHm } from '../../lib/wall-time';

const h = (hm: string) => {
  const [hh = 0, mm = 0] = hm.split(':').map(Number);
  return hh * 60 + mm;
};
const iv = (start: string, end: string) => ({ start: h(start), end: h(end) });
const times = (starts: number[]) => starts.map(formatHm);

describe('interval arithmetic', () => {
  it('merges overlapping and touching intervals and drops empty ones', () => {
    expect(
      mergeIntervals([
        iv('13:00', '14:00'),
        iv('09:00', '10:00'),
        iv('09:30', '11:00'),
        iv('11:00', '11:30'),
        iv('12:00', '12:00'),
      ]),
    ).toEqual([iv('09:00', '11:30'), iv('13:00', '14:00')]);
  });

  it('subtracts busy time from open time', () => {
    expect(
      subtractIntervals(
        [iv('08:00', '12:00')],
        [iv('09:00', '09:30'), iv('11:30', '13:00'), iv('07:00', '08:15')],
      ),
    ).toEqual([iv('08:15', '09:00'), iv('09:30', '11:30')]);
  });
});

describe('slotStarts', () => {
  const open = [iv('08:00', '12:00'), iv('13:00', '15:00')];

  it('steps every half hour from the start of each working block, whatever the duration', () => {
    expect(times(slotStarts({ open, busy: [], durationMinutes: 60 }))).toEqual([
      '08:00',
      '08:30',
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '13:00',
      '13:30',
      '14:00',
    ]);
  });

  it('defaults to 30-minute slots', () => {
    expect(slotStarts({ open: [iv('08:00', '09:30')], busy: [] })).toHaveLength(3);
  });

  it('excludes candidates overlapping bookings, keeping the grid', () => {
    const busy = [iv('08:15', '08:45'), iv('13:30', '14:00')];
    expect(times(slotStarts({ open, busy, durationMinutes: 30 }))).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '13:00',
      '14:00',
      '14:30',
    ]);
  });

  it('needs the whole duration inside open time', () => {
    expect(times(slotStarts({ open: [iv('08:00', '09:45')], busy: [], durationMinutes: 60 }))).toEqual([
      '08:00',
      '08:30',
    ]);
  });

  it('honours a separate step', () => {
    expect(
      times(slotStarts({ open: [iv('08:00', '09:30')], busy: [], durationMinutes: 60, stepMinutes: 15 })),
    ).toEqual(['08:00', '08:15', '08:30']);
  });

  it('drops times before notBefore', () => {
    expect(times(slotStarts({ open, busy: [], durationMinutes: 60, notBefore: h('10:20') }))).toEqual([
      '10:30',
      '11:00',
      '13:00',
      '13:30',
      '14:00',
    ]);
    expect(slotStarts({ open, busy: [], notBefore: Infinity })).toEqual([]);
  });

  it('returns nothing for a non-positive duration', () => {
    expect(slotStarts({ open, busy: [], durationMinutes: 0 })).toEqual([]);
  });
});

describe('earliestStart', () => {
  it('is unbounded for future days, closed for past days, now for today', () => {
    expect(earliestStart('2025-07-08', '2025-07-07T10:15:30')).toBe(-Infinity);
    expect(earliestStart('2025-07-06', '2025-07-07T10:15:30')).toBe(Infinity);
    expect(earliestStart('2025-07-07', '2025-07-07T10:15:30')).toBe(615.5);
  });
});

describe('mergeSlots', () => {
  const day = (start: number, end: number) => ({ start: start * 60, end: end * 60 });
  const candidates = [
    { providerId: 'a', providerName: 'Dr A', open: [day(9, 11)], busy: [day(9, 10)] },
    { providerId: 'b', providerName: 'Dr B', open: [day(9, 10)], busy: [] },
  ];

  it('offers each start once, from the first provider free then, earliest first', () => {
    const slots = mergeSlots({ date: '2030-01-07', candidates, durationMinutes: 30, notBefore: -Infinity });
    expect(slots.map((s) => [s.time, s.providerId])).toEqual([
      ['09:00', 'b'],
      ['09:30', 'b'],
      ['10:00', 'a'],
      ['10:30', 'a'],
    ]);
    expect(slots[0]).toEqual({
      time: '09:00',
      startTime: '2030-01-07T09:00:00',
      providerId: 'b',
      providerName: 'Dr B',
    });
  });

  it('leaves out starts before notBefore and starts with no free room', () => {
    const slots = mergeSlots({
      date: '2030-01-07',
      candidates,
      durationMinutes: 30,
      notBefore: 9 * 60 + 30,
      roomFree: (interval) => interval.start !== 10 * 60,
    });
    expect(slots.map((s) => s.time)).toEqual(['09:30', '10:30']);
  });
});
