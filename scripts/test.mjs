// `npm test`: install what is missing, then lint, typecheck, unit, the build and its front-end budgets, API
// (embedded PostgreSQL, and the external one at TEST_DATABASE_URL when set) and browser tests. Runs every step
// and exits non-zero if any step failed or any runner's report counts a failed test, whatever the runners'
// exit codes say (ADR 040).
import { existsSync, mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuilt, ensureDependencies, freePort, root, run } from './lib/ensure.mjs';
import { printFailures, runPlaywright, runVitest, sumReports } from './lib/test-runners.mjs';

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

/** A step that runs a test runner: fails unless the run passed (see scripts/lib/test-runners.mjs). */
function testStep(name, runner) {
  step(name, () => {
    const run = runner();
    if (run.counts) for (const key of Object.keys(counts)) counts[key] += run.counts[key];
    else counts.failed += 1;
    if (!run.ok) {
      const failed = run.counts ? `${run.counts.failed} failed, ${run.counts.passed} passed` : 'no report';
      throw new Error(`${name}: exit ${run.exitCode}, ${failed}`);
    }
  });
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
// Before the unit tests: the gate's own test (gate-fixtures/) drives the browser runner.
step('chromium', () => ensureChromium());
testStep('unit tests', () =>
  runVitest({
    projects: ['unit', 'web'],
    env: envWithoutExternal,
    reportFile: 'test-results/vitest-unit.json',
  }),
);
// Before the API tests: they check the prerendered pages in dist/web.
step('build', () => ensureBuilt());
// The front-end budgets of that build (ADR 059): prints every figure, fails when one is over.
step('budgets', () => run('node', ['scripts/budgets.mjs']));
testStep('API tests (embedded PostgreSQL)', () =>
  runVitest({ projects: ['api'], env: envWithoutExternal, reportFile: 'test-results/vitest-api.json' }),
);
if (TEST_DATABASE_URL) {
  testStep('API tests (TEST_DATABASE_URL)', () =>
    runVitest({ projects: ['api'], env: process.env, reportFile: 'test-results/vitest-api-external.json' }),
  );
}
const e2eData = mkdtempSync(path.join(tmpdir(), 'servc-e2e-'));
chmodSync(e2eData, 0o755);
const e2ePort = await freePort();
testStep('browser tests', () =>
  runPlaywright({
    env: { ...process.env, E2E_PORT: String(e2ePort), E2E_DATA_DIR: e2eData },
    reportFile: 'test-results/e2e.json',
  }),
);
rmSync(e2eData, { recursive: true, force: true });

console.log('\n=== summary ===');
for (const [name, status] of results) console.log(`${status === 'ok' ? 'ok    ' : 'FAILED'}  ${name}`);
printFailures(sumReports(path.join(root, 'test-results')).failures);
const failed = results.some(([, status]) => status !== 'ok') || counts.failed > 0;
console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failed ? 1 : 0);
