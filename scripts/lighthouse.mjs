// `npm run lighthouse`: Lighthouse 12 (mobile preset, offline) on Debian's Chromium against a fresh server on a
// free loopback port; prints the four category scores per public page. Reports: test-results/lighthouse/.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
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
const rows = [];
try {
  await waitUntilReady(`${origin}/api/ready`, server);
  chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const reportDir = path.join(root, 'test-results', 'lighthouse');
  mkdirSync(reportDir, { recursive: true });
  for (const page of PAGES) {
    const result = await lighthouse(`${origin}${page}`, {
      port: chrome.port,
      output: 'html',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    const name = page === '/' ? 'home' : page.slice(1);
    writeFileSync(path.join(reportDir, `${name}.html`), result.report);
    const { categories, audits } = result.lhr;
    rows.push({
      page,
      ...Object.fromEntries(CATEGORIES.map((id) => [id, Math.round(categories[id].score * 100)])),
      FCP: audits['first-contentful-paint'].displayValue,
      LCP: audits['largest-contentful-paint'].displayValue,
      TBT: audits['total-blocking-time'].displayValue,
      CLS: audits['cumulative-layout-shift'].displayValue,
    });
  }
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\nLighthouse ${lighthouse.version ?? '12'} · mobile preset · ${CHROME_PATH}`);
console.log(`load average (1, 5, 15 min): ${loadBefore} before, ${load()} after`);
console.table(rows);
