import fc from 'fast-check';

/**
 * Random practice days for the "every listed slot books, nothing else does" property, shared by the built-in
 * schedule's test and the Kolla adapter's. Times are minutes of the practice-local day on the half-hour grid;
 * the day itself is fixed by each test, never today's date.
 */

export interface ScenarioBooking {
  provider: number;
  /** An operatory's index, or none (the built-in schedule allows appointments without a room). */
  operatory: number | null;
  start: number;
  minutes: number;
  cancelled: boolean;
}

export interface SlotScenario {
  /** Each provider's working blocks, as stored: they may touch or overlap. */
  providers: { start: number; end: number }[][];
  operatories: number;
  bookings: ScenarioBooking[];
  /** The visit's length asked for. */
  duration: number;
  /** The clock, in minutes of the day under test; undefined = the day before (the whole day is ahead). */
  nowMinute: number | undefined;
}

const HALF_HOUR = 30;
const halfHours = (min: number, max: number) => fc.integer({ min, max }).map((n) => n * HALF_HOUR);

const block = fc
  .tuple(halfHours(14, 36), fc.integer({ min: 1, max: 8 }))
  .map(([start, length]) => ({ start, end: start + length * HALF_HOUR }));

export const slotScenario = ({ minOperatories = 0 } = {}): fc.Arbitrary<SlotScenario> =>
  fc
    .record({
      providers: fc.array(fc.array(block, { minLength: 0, maxLength: 3 }), { minLength: 1, maxLength: 3 }),
      operatories: fc.integer({ min: minOperatories, max: 3 }),
      bookings: fc.array(
        fc.record({
          provider: fc.nat(),
          operatory: fc.option(fc.nat(), { nil: null }),
          start: halfHours(14, 38),
          minutes: fc.constantFrom(30, 60, 90),
          cancelled: fc.constantFrom(false, false, false, true),
        }),
        { maxLength: 10 },
      ),
      duration: fc.constantFrom(30, 60, 90),
      nowMinute: fc.option(
        halfHours(12, 40).map((m) => m + 10),
        { nil: undefined },
      ),
    })
    .map((s) => ({
      ...s,
      // Indexes into what exists; a practice without rooms books without one.
      bookings: s.bookings.map((b) => ({
        ...b,
        provider: b.provider % s.providers.length,
        operatory: s.operatories === 0 || b.operatory === null ? null : b.operatory % s.operatories,
      })),
    }));

/** Every half hour a visit of `duration` could start on the day, from 06:00 until it would pass 20:00. */
export function candidateStarts(duration: number): number[] {
  const starts: number[] = [];
  for (let start = 6 * 60; start + duration <= 20 * 60; start += HALF_HOUR) starts.push(start);
  return starts;
}
