import { describe, expect, it } from 'vitest';
import { memoize } from './memoize';

describe('memoize', () => {
  it('computes once per key and forgets everything when full', () => {
    let calls = 0;
    const double = memoize(
      (n: number) => {
        calls++;
        return n * 2;
      },
      (n) => String(n),
      2,
    );
    expect([double(1), double(1), double(2)]).toEqual([2, 2, 4]);
    expect(calls).toBe(2);
    double(3);
    expect(double(1)).toBe(2);
    expect(calls).toBe(4);
  });
});
