// Latency percentiles to a hundredth of a millisecond. autocannon's histogram keeps whole milliseconds, too
// coarse for the ratios issue 26 judges (a bare server's p99 of 7 ms is anywhere from 7 to 8, so 11 ÷ 7 could
// be 1.38 or 1.71). Plain JavaScript, with its types in latency.d.mts: the load drivers (load-each.mjs,
// load-callers.mjs) run autocannon in a Node process of their own, and the TypeScript benchmarks share it.

/** The p50 and p99 of `times` (ms) to two decimals, 0 when there are none; sorts `times` in place. */
export function percentiles(times) {
  times.sort((a, b) => a - b);
  const at = (q) =>
    times.length
      ? Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 100) / 100
      : 0;
  return { p50: at(0.5), p99: at(0.99) };
}

/**
 * Collects the time of every 2xx answer `tracker` (an autocannon run) reports, as autocannon's own latency
 * histogram counts them; the function it returns gives their percentiles.
 */
export function answerTimes(tracker) {
  const times = [];
  tracker.on('response', (_client, status, _bytes, ms) => {
    if (Number(status) >= 200 && Number(status) < 300) times.push(ms);
  });
  return () => percentiles(times);
}
