import { describe, expect, it } from 'vitest';
import type { SlotItem } from '#shared/schemas/schedule';
import { conflict } from '../../errors';
import { TimeTakenError, type Practice } from '../schedule/schedule.service';
import { BOOKING_ATTEMPTS, bookNearestFreeTime } from './nearest-free-time';

const DATE = '2026-03-04';
const slot = (time: string): SlotItem => ({
  time,
  start_time: `${DATE}T${time}:00`,
  provider_id: 'p1',
  provider_name: 'Dr. One',
});
const practice = {} as Practice;

/** A schedule whose free times are `times`, and which loses each time `taken` names to someone faster. */
function schedule(times: string[], taken: string[]) {
  const asked: (number | undefined)[] = [];
  const tried: string[] = [];
  return {
    asked,
    tried,
    slots: async (_p: Practice, _date: string, _provider: string, duration?: number) => {
      asked.push(duration);
      return times.map(slot);
    },
    book: async (s: SlotItem) => {
      tried.push(s.time);
      if (taken.includes(s.time)) throw new TimeTakenError(s.time, DATE);
      return `booked ${s.time}`;
    },
  };
}

describe('bookNearestFreeTime', () => {
  it('asks for times of the visit length and books the nearest, the earlier of two as near', async () => {
    const s = schedule(['09:00', '09:30', '10:30', '11:00'], []);
    const booked = await bookNearestFreeTime(
      s,
      practice,
      { date: DATE, wanted: '10:00', durationMinutes: 60 },
      s.book,
    );
    expect(booked).toBe('booked 09:30');
    expect(s.asked).toEqual([60]);
  });

  it('tries the next nearest free time when another booking takes one first', async () => {
    const s = schedule(['09:00', '09:30', '10:30', '11:00'], ['09:30', '10:30']);
    const booked = await bookNearestFreeTime(
      s,
      practice,
      { date: DATE, wanted: '10:00', durationMinutes: 60 },
      s.book,
    );
    expect(booked).toBe('booked 09:00');
    expect(s.tried).toEqual(['09:30', '10:30', '09:00']);
  });

  it(`gives up after ${BOOKING_ATTEMPTS} lost races, and at once on any other refusal`, async () => {
    const busy = schedule(['09:00', '09:30', '10:00', '10:30'], ['09:00', '09:30', '10:00', '10:30']);
    await expect(
      bookNearestFreeTime(busy, practice, { date: DATE, wanted: '10:00', durationMinutes: 30 }, busy.book),
    ).rejects.toBeInstanceOf(TimeTakenError);
    expect(busy.tried).toHaveLength(BOOKING_ATTEMPTS);

    const s = schedule(['09:00', '09:30'], []);
    let calls = 0;
    const refused = bookNearestFreeTime(
      s,
      practice,
      { date: DATE, wanted: '09:00', durationMinutes: 30 },
      () => {
        calls++;
        throw conflict('This patient already has an appointment then.');
      },
    );
    await expect(refused).rejects.toThrow('already has an appointment');
    expect(calls).toBe(1);
  });

  it('answers undefined when nothing is free that day', async () => {
    const s = schedule([], []);
    expect(
      await bookNearestFreeTime(s, practice, { date: DATE, wanted: '10:00', durationMinutes: 30 }, s.book),
    ).toBeUndefined();
  });
});
