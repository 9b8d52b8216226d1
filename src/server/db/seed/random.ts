import { newConfirmationNumber } from '../../lib/confirmation-number';

/** A small seeded generator (mulberry32), so the demo practice comes out the same every time. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof createRandom>;

/** A confirmation number not in `taken` (which it joins), drawn from `random`. */
export function uniqueConfirmationNumber(random: Random, taken: Set<string>): string {
  let confirmationNumber: string;
  do confirmationNumber = newConfirmationNumber((max) => random.int(0, max - 1));
  while (taken.has(confirmationNumber));
  taken.add(confirmationNumber);
  return confirmationNumber;
}
