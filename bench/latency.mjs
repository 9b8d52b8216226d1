// Latency percentiles from each answer's own time. autocannon's histogram keeps whole milliseconds, too coarse
// for the ratios issue 26 judges (a bare server's p99 of 7 ms is anywhere from 7 to 8, so 11 ÷ 7 could be 1.38
// or 1.71). Used by the load drivers (load-each.mjs, load-callers.mjs), which run autocannon in a process of
// their own.

/**
 * Collects the time of every 2xx answer `tracker` (an autocannon run) reports, as autocannon's own latency
 * histogram counts them; the answer gives their p50 and p99 in ms with two decimals.
 */
export function answerTimes(tracker) {
  const times = [];
  tracker.on('response', (_client, status, _bytes, ms) => {
    if (Number(status) >= 200 && Number(status) < 300) times.push(ms);
  });
  return () => {
    times.sort((a, b) => a - b);
    const at = (q) =>
      times.length
        ? Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 100) / 100
        : 0;
    return { p50: at(0.5), p99: at(0.99) };
  };
}
