// `npm test`: install what is missing, then lint, typecheck, unit, API (embedded PostgreSQL, and the external
// one at TEST_DATABASE_URL when set) and browser tests. Runs every step, exits non-zero if any failed.
import { existsSync, mkdtempSync, readFileSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureDependencies, freePort, root, run } from './lib/ensure.mjs';

const CHROMIUM = '/usr/bin/chromium';
const results = [];
const counts = { passed: 0, failed: 0, skipped: 0 };

function step(name, fn) {
  console.log(`\n=== ${name} ===`);
  try {
    fn();
    results.push([name, 'ok']);
  } catch (error) {
    console.error(error.message);
    results.push([name, 'FAILED']);
  }
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package.`);
  console.log('Installing Debian chromium for the browser tests...');
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', 'chromium'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

function countVitest(file) {
  const report = JSON.parse(readFileSync(path.join(root, file), 'utf8'));
  counts.passed += report.numPassedTests;
  counts.failed += report.numFailedTests;
  counts.skipped += report.numPendingTests + report.numTodoTests;
}

function countPlaywright(file) {
  const { stats } = JSON.parse(readFileSync(path.join(root, file), 'utf8'));
  counts.passed += stats.expected + stats.flaky;
  counts.failed += stats.unexpected;
  counts.skipped += stats.skipped;
}

function vitest(name, projects, env, reportFile) {
  step(name, () => {
    try {
      run(
        'npx',
        [
          'vitest',
          'run',
          ...projects.flatMap((p) => ['--project', p]),
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${reportFile}`,
        ],
        { env },
      );
    } finally {
      if (existsSync(path.join(root, reportFile))) countVitest(reportFile);
      else counts.failed += 1;
    }
  });
}

try {
  ensureDependencies();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
rmSync(path.join(root, 'test-results'), { recursive: true, force: true });

const { TEST_DATABASE_URL, ...envWithoutExternal } = process.env;
step('lint', () => run('npm', ['run', '--silent', 'lint']));
step('typecheck', () => run('npm', ['run', '--silent', 'typecheck']));
vitest('unit tests', ['unit', 'web'], envWithoutExternal, 'test-results/vitest-unit.json');
// Before the API tests: they check the prerendered pages in dist/web.
step('build', () => ensureBuilt());
vitest('API tests (embedded PostgreSQL)', ['api'], envWithoutExternal, 'test-results/vitest-api.json');
if (TEST_DATABASE_URL) {
  vitest('API tests (TEST_DATABASE_URL)', ['api'], process.env, 'test-results/vitest-api-external.json');
}
const e2eData = mkdtempSync(path.join(tmpdir(), 'servc-e2e-'));
chmodSync(e2eData, 0o755);
const e2ePort = await freePort();
step('browser tests', () => {
  ensureChromium();
  try {
    run('npx', ['playwright', 'test'], {
      env: { ...process.env, E2E_PORT: String(e2ePort), E2E_DATA_DIR: e2eData },
    });
  } finally {
    if (existsSync(path.join(root, 'test-results/e2e.json'))) countPlaywright('test-results/e2e.json');
    else counts.failed += 1;
  }
});
rmSync(e2eData, { recursive: true, force: true });

console.log('\n=== summary ===');
for (const [name, status] of results) console.log(`${status === 'ok' ? 'ok    ' : 'FAILED'}  ${name}`);
const failed = results.some(([, status]) => status !== 'ok');
console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failed ? 1 : 0);
