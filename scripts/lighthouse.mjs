// `npm run lighthouse`: Lighthouse 12 (mobile preset, offline) on Debian's Chromium against a fresh server on a
// free loopback port; prints the four category scores of every run of each public page, then each page's median
// run. Reports (each page's median run): test-results/lighthouse/.
//   LIGHTHOUSE_RUNS=5  runs per page (Lighthouse's docs: the median of five is about twice as stable as one run)
//   LIGHTHOUSE_BUSY=0  threads that keep a core busy meanwhile, for the "busy machine" figure (2 = both cores)
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { ensureBuilt, ensureDependencies, freePort, root, SERVER_NODE_FLAGS } from './lib/ensure.mjs';

const PAGES = ['/', '/pricing', '/dental-practices'];
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const BUSY = Number(process.env.LIGHTHOUSE_BUSY ?? 0);
if (!(Number.isInteger(RUNS) && RUNS >= 1 && Number.isInteger(BUSY) && BUSY >= 0)) {
  console.error('LIGHTHOUSE_RUNS must be a whole number from 1, and LIGHTHOUSE_BUSY one from 0.');
  process.exit(2);
}

async function waitUntilReady(url, server) {
  for (let i = 0; i < 120; i++) {
    if (server.exitCode !== null) throw new Error('The server exited before it was ready.');
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within 60 s.`);
}

ensureDependencies();
ensureBuilt();
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'servc-lighthouse-'));
chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as the postgres user when we are root
const server = spawn('node', [...SERVER_NODE_FLAGS, 'dist/server/server.js'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    // Canonical links must name the origin Lighthouse visits.
    PUBLIC_BASE_URL: origin,
  },
});

// The scores depend on how busy the machine is: the load average goes beside them (docs/benchmarks.md).
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
const loadBefore = load();
let chrome;
const runs = [];
const medians = [];
let spinners = [];
try {
  await waitUntilReady(`${origin}/api/ready`, server);
  // Spinning threads, so that a busy machine is a setting rather than whatever else happens to run.
  spinners = Array.from({ length: BUSY }, () => new Worker('for (;;) {}', { eval: true }));
  chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const reportDir = path.join(root, 'test-results', 'lighthouse');
  mkdirSync(reportDir, { recursive: true });
  const results = new Map(PAGES.map((page) => [page, []]));
  // Round by round, so that a burst of load weighs on every page rather than on one.
  for (let run = 1; run <= RUNS; run++) {
    for (const page of PAGES) {
      const result = await lighthouse(`${origin}${page}`, {
        port: chrome.port,
        output: 'html',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      });
      results.get(page).push(result);
      runs.push({ run, ...summary(page, result.lhr) });
    }
  }
  for (const [page, pageResults] of results) {
    const median = computeMedianRun(pageResults.map((result) => result.lhr));
    const name = page === '/' ? 'home' : page.slice(1);
    writeFileSync(
      path.join(reportDir, `${name}.html`),
      pageResults.find((result) => result.lhr === median).report,
    );
    const scores = pageResults.map((result) => Math.round(result.lhr.categories.performance.score * 100));
    medians.push({ ...summary(page, median), 'performance, every run': scores.join(' ') });
  }
} finally {
  await Promise.all(spinners.map((spinner) => spinner.terminate()));
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

function summary(page, { categories, audits }) {
  return {
    page,
    ...Object.fromEntries(CATEGORIES.map((id) => [id, Math.round(categories[id].score * 100)])),
    FCP: audits['first-contentful-paint'].displayValue,
    LCP: audits['largest-contentful-paint'].displayValue,
    TBT: audits['total-blocking-time'].displayValue,
    CLS: audits['cumulative-layout-shift'].displayValue,
  };
}

console.log(`\nLighthouse ${lighthouse.version ?? '12'} · mobile preset · ${CHROME_PATH}`);
console.log(
  `${RUNS} run(s) per page, ${BUSY} busy thread(s) · load average (1, 5, 15 min): ${loadBefore} before, ${load()} after`,
);
console.table(runs);
console.log(
  "Each page's median run (Lighthouse's computeMedianRun: the run nearest the median first paint and time to interactive):",
);
console.table(medians);
