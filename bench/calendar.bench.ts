// The Appointments Calendar:
// 1. the week through GET /api/appointments uncached at 500 and 5,000 appointments, beside the same SQL through
//    `pg` alone (issue 26: p50 <= 150 ms and <= 2x the bare SQL at 5,000; calendar-week.ts);
// 2. in Debian Chromium: render time of a week holding 500 appointments (target <= 100 ms) and of switching
//    weeks. The built app runs as `node dist/server/server.js` on a free loopback port with a temporary DATA_DIR
//    whose next week is filled to 500 appointments first.
// Run with `npm run bench -- calendar` (BENCH_WEEK_ONLY=1: the API part only).
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { openDatabase } from '../src/server/db/open';
import { DEMO_ADMIN, seedDemoPractice } from '../src/server/db/seed/demo-practice';
import { fillWeek, nextMonday, signIn } from './lib';
import { measureWeek, printWeek } from './calendar-week';
import { freeLoopbackPort } from '../src/server/db/embedded-postgres';
import { addMinutesToWall, wallFromInstant } from '../src/server/lib/wall-time';

const ZONE = 'America/New_York';
const WEEK_SIZE = 500;
const RUNS = 15;
interface Timing {
  present: number;
  painted: number;
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const max = (values: number[]) => Math.max(...values);
const ms = (value: number) => `${value.toFixed(1)} ms`;

const week = [];
for (const size of [500, 5000]) week.push(await measureWeek(nextMonday(ZONE), size, ZONE));
printWeek(week);
if (process.env.BENCH_WEEK_ONLY === '1') process.exit(0);

const dataDir = mkdtempSync(path.join(tmpdir(), 'servc-bench-calendar-'));
chmodSync(dataDir, 0o755);
// The calendar's "Next week" (weeks start on Sunday): on a Sunday the next Monday is in the week shown first.
const today = wallFromInstant(new Date(), ZONE).slice(0, 10);
const sundayToday = new Date(`${today}T12:00:00Z`).getUTCDay() === 0;
const monday = addMinutesToWall(`${nextMonday(ZONE)}T00:00:00`, sundayToday ? 7 * 1440 : 0).slice(0, 10);
{
  const database = await openDatabase({ dataDir });
  await seedDemoPractice(database.db);
  await fillWeek(database.pool, monday, WEEK_SIZE, ZONE);
  await database.close();
}

const port = await freeLoopbackPort();
const baseUrl = `http://127.0.0.1:${port}`;
// With this process's Node flags: scripts/bench.mjs gives every benchmark the server's own.
const server = spawn(process.execPath, [...process.execArgv, 'dist/server/server.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // The database holds the demo logins, which production refuses.
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});

try {
  for (let i = 0; ; i++) {
    if ((await fetch(`${baseUrl}/api/ready`).catch(() => undefined))?.ok) break;
    if (i > 600) throw new Error('the server did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const sessionId = await signIn(baseUrl, DEMO_ADMIN);
  const count = async (start: string, end: string) => {
    const response = await fetch(`${baseUrl}/api/appointments?start=${start}&end=${end}`, {
      headers: { authorization: `Bearer ${sessionId}` },
    });
    return ((await response.json()) as { appointments: unknown[] }).appointments.length;
  };
  const shift = (date: string, days: number) =>
    new Date(Date.parse(`${date}T12:00:00Z`) + days * 864e5).toISOString().slice(0, 10);
  const sunday = shift(monday, -1);
  const fullWeek = await count(sunday, shift(sunday, 7));
  const thisWeek = await count(shift(sunday, -7), sunday);

  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(`${baseUrl}/signin`);
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Overview' }).waitFor();
  await page.goto(`${baseUrl}/appointments-calendar`);
  await page.getByText(/real appointments loaded|No appointments scheduled/).waitFor();

  /**
   * Clicks a week button in the page and times it until the week's appointments are all in the DOM, and to
   * the next frame (style, layout, paint). A string, so the bundler's helpers do not leak into the page.
   */
  const switchWeek = (label: string, expected: number) =>
    page.evaluate(`new Promise((resolve) => {
      const start = performance.now();
      const observer = new MutationObserver(() => {
        if (document.querySelectorAll('[data-appointment-id]').length !== ${expected}) return;
        const present = performance.now() - start;
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => resolve({ present, painted: performance.now() - start })));
      });
      observer.observe(document.body, { childList: true, subtree: true });
      document.querySelector('button[aria-label="${label}"]').click();
    })`) as Promise<Timing>;

  const cold = await switchWeek('Next week', fullWeek);
  const toFull: Timing[] = [];
  const toOther: Timing[] = [];
  for (let run = 0; run < RUNS; run++) {
    toOther.push(await switchWeek('Previous week', thisWeek));
    toFull.push(await switchWeek('Next week', fullWeek));
  }
  const row = (name: string, runs: Timing[]) =>
    `| ${name} | ${ms(median(runs.map((x) => x.present)))} | ${ms(max(runs.map((x) => x.present)))} | ${ms(median(runs.map((x) => x.painted)))} |`;
  console.log(`\nAppointments calendar in Chromium ${browser.version()} (${RUNS} runs per switch)`);
  console.log('| what | median, all appointments in the DOM | max | median, next frame |');
  console.log('| --- | --- | --- | --- |');
  console.log(row(`first view of the week of ${fullWeek} (includes GET /api/appointments)`, [cold]));
  console.log(row(`switch to the week of ${fullWeek} (cached data, refetched behind)`, toFull));
  console.log(row(`switch from it to the week of ${thisWeek}`, toOther));
  console.log('\ntarget: the week of 500 rendered <= 100 ms');
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
