import { describe, expect, it } from 'vitest';
import { delayAfter, retryAt, SIGN_IN_LIMITS } from './auth.service';

const at = new Date('2026-11-24T12:00:00Z');
const ago = (seconds: number) => new Date(at.getTime() - seconds * 1000);
const none = { count: 0, latest: null };
const facts = (over: Partial<Parameters<typeof retryAt>[0]>) => ({
  account: none,
  address: none,
  pair: none,
  knownPair: false,
  knownAddress: false,
  ...over,
});

describe('sign-in delays', () => {
  it('start after the free failures, double with each failure and stop growing at 15 minutes', () => {
    expect([4, 5, 6, 7, 12, 13, 30].map((n) => delayAfter(n, 5) / 1000)).toEqual([
      0, 5, 10, 20, 640, 900, 900,
    ]);
    expect(SIGN_IN_LIMITS.maxDelayMs).toBe(15 * 60_000);
  });

  it('count from the latest failure', () => {
    expect(retryAt(facts({ account: { count: 6, latest: ago(4) } }), at)).toEqual({
      until: ago(-6),
      unlessCorrect: false,
    });
    expect(retryAt(facts({ account: { count: 6, latest: ago(11) } }), at)).toBeNull();
  });

  it('let a known address pass the account and address delays; its own delay holds back only wrong passwords', () => {
    const busy = { count: 30, latest: ago(1) };
    expect(retryAt(facts({ account: busy, knownPair: true }), at)).toBeNull();
    expect(retryAt(facts({ address: busy, knownAddress: true }), at)).toBeNull();
    expect(retryAt(facts({ address: busy, knownPair: true }), at)?.unlessCorrect).toBe(false);
    expect(retryAt(facts({ pair: busy, knownPair: true, knownAddress: true }), at)?.unlessCorrect).toBe(true);
    expect(retryAt(facts({ pair: busy, knownAddress: true }), at)?.unlessCorrect).toBe(false);
  });
});
