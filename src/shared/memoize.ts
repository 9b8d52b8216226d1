/**
 * Remembers the results of a pure function by `key`; when `max` results are held it forgets them all (cheap,
 * and the hot keys come back at once). For costly conversions that recur with the same inputs.
 */
export function memoize<A extends unknown[], T>(
  fn: (...args: A) => T,
  key: (...args: A) => string,
  max = 10_000,
): (...args: A) => T {
  const results = new Map<string, T>();
  return (...args) => {
    const k = key(...args);
    if (results.has(k)) return results.get(k)!;
    const result = fn(...args);
    if (results.size >= max) results.clear();
    results.set(k, result);
    return result;
  };
}
