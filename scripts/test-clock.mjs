// `npm run test:clock -- [day ...]`: the API suite with the system clock of the test process, and of the embedded
// PostgreSQL it starts, set to other days (libfaketime), so no test can depend on the day it runs. A day is a
// name (saturday, sunday, wednesday, month-end, late-december, year-end: the next such day at 23:30 in New York, the
// demo practice's zone, which is already the next day in UTC) or an instant such as 2026-12-31T04:30:00Z. Without
// days: saturday, sunday and year-end (a month's last day, late December and a new year at once), ADR 058.
import { existsSync } from 'node:fs';
import { ensureDependencies, run } from './lib/ensure.mjs';
import { runVitest } from './lib/test-runners.mjs';

const DAY_MS = 86_400_000;
// 23:30 in New York (UTC-5 in winter, -4 in summer): 04:30 or 03:30 UTC the next day. Winter is what these
// days mostly fall in; a run in summer lands at 00:30 New York time, still past midnight UTC.
const nextDay = (from, matches) => {
  for (let at = from + DAY_MS; ; at += DAY_MS) if (matches(new Date(at))) return at;
};
const late = (day) =>
  new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1, 4, 30));
const named = {
  saturday: (now) => late(new Date(nextDay(now, (d) => d.getUTCDay() === 6))),
  sunday: (now) => late(new Date(nextDay(now, (d) => d.getUTCDay() === 0))),
  // 3 and 4 weekdays ahead of a Wednesday are one Monday: tests that took them for two days failed on one.
  wednesday: (now) => late(new Date(nextDay(now, (d) => d.getUTCDay() === 3))),
  'month-end': (now) =>
    late(new Date(nextDay(now, (d) => new Date(d.getTime() + DAY_MS).getUTCDate() === 1))),
  'late-december': (now) =>
    late(new Date(nextDay(now, (d) => d.getUTCMonth() === 11 && d.getUTCDate() === 28))),
  'year-end': (now) => late(new Date(nextDay(now, (d) => d.getUTCMonth() === 11 && d.getUTCDate() === 31))),
};
const DEFAULT_DAYS = ['saturday', 'sunday', 'year-end'];

function libfaketime() {
  const find = () =>
    ['/usr/lib/x86_64-linux-gnu/faketime', '/usr/lib/aarch64-linux-gnu/faketime', '/usr/lib/faketime']
      .map((dir) => `${dir}/libfaketime.so.1`)
      .find((file) => existsSync(file));
  if (find()) return find();
  if (process.getuid?.() !== 0) throw new Error("libfaketime is missing: install Debian's faketime package.");
  console.log('Installing Debian faketime for the clock runs...');
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', 'faketime'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return find();
}

ensureDependencies();
const library = libfaketime();
const days = process.argv.slice(2).length > 0 ? process.argv.slice(2) : DEFAULT_DAYS;
const { TEST_DATABASE_URL: _external, ...env } = process.env;
let failed = false;
for (const day of days) {
  const instant = named[day] ? named[day](Date.now()) : new Date(day);
  if (Number.isNaN(instant.getTime())) throw new Error(`Not a day name or an instant: ${day}`);
  const at = instant.toISOString().slice(0, 19).replace('T', ' ');
  console.log(`\n=== API tests with the clock at ${at} UTC (${day}) ===`);
  const result = runVitest({
    projects: ['api'],
    // An offset from the real clock, not a start time: every process (Vitest's workers, PostgreSQL's backends)
    // starts at a different moment, and a start time would give each a different clock.
    env: {
      ...env,
      TZ: 'UTC',
      LD_PRELOAD: library,
      FAKETIME: `+${Math.round((instant.getTime() - Date.now()) / 1000)}`,
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
    },
    reportFile: `test-results/vitest-api-clock-${day.replace(/[^a-z0-9-]/gi, '_')}.json`,
  });
  if (!result.ok) failed = true;
  console.log(
    `${result.ok ? 'ok' : 'FAILED'}: ${day} (${result.counts?.passed ?? 0} passed, ${result.counts?.failed ?? '?'} failed)`,
  );
}
process.exit(failed ? 1 : 0);
