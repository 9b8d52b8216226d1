import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  passed,
  playwrightCounts,
  runPlaywright,
  runVitest,
  sumReports,
  vitestCounts,
} from '../scripts/lib/test-runners.mjs';

// The fixtures run in child processes through the same runners `npm test` uses (scripts/lib/test-runners.mjs),
// with the embedded PostgreSQL (no TEST_DATABASE_URL): that is where the exit code used to be lost.
const env = Object.fromEntries(
  Object.entries({ ...process.env, SERVC_GATE_FIXTURES: '1' }).filter(
    ([key]) => !key.startsWith('VITEST') && key !== 'TEST_DATABASE_URL' && key !== 'NODE_ENV',
  ),
);
const quiet = { env, stdio: 'pipe' as const };

// Each child starts its runner (and, for the API, an embedded PostgreSQL): seconds, not milliseconds.
describe('the test gate (ADR 040)', { timeout: 120_000 }, () => {
  const runs = {
    API: (outcome: string) =>
      runVitest({
        ...quiet,
        projects: ['api'],
        files: [`gate-fixtures/${outcome}.gate.test.ts`],
        reportFile: `test-results/gate/api-${outcome}.json`,
      }),
    browser: (outcome: string) =>
      runPlaywright({
        ...quiet,
        args: [`${outcome}.gate.spec.ts`],
        reportFile: `test-results/gate/e2e-${outcome}.json`,
      }),
  };

  it.each(['API', 'browser'] as const)(
    'the %s runner exits non-zero and the run fails when a test fails',
    (runner) => {
      const run = runs[runner]('failing');
      expect(run.counts, run.output).toEqual({ passed: 0, failed: 1, skipped: 0 });
      expect(run.exitCode).not.toBe(0);
      expect(run.ok).toBe(false);
    },
  );

  it.each(['API', 'browser'] as const)('the %s runner exits 0 when its test passes', (runner) => {
    const run = runs[runner]('passing');
    expect(run.counts, run.output).toEqual({ passed: 1, failed: 0, skipped: 0 });
    expect(run.exitCode).toBe(0);
    expect(run.ok).toBe(true);
  });

  it('npm start that cannot start exits non-zero and leaves no database running', async () => {
    const busy = net.createServer().listen(0, '127.0.0.1');
    await once(busy, 'listening');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'servc-gate-'));
    chmodSync(dataDir, 0o755);
    try {
      const port = String((busy.address() as net.AddressInfo).port);
      const start = spawnSync('node', ['scripts/start.mjs'], {
        env: { ...env, PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 100_000,
      });
      expect(start.stderr).toContain('Servc could not start');
      expect(start.status).toBe(1);
      const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
      for (let waited = 0; existsSync(pidFile) && waited < 15_000; waited += 250) await sleep(250);
      expect(existsSync(pidFile) ? readFileSync(pidFile, 'utf8') : 'stopped').toBe('stopped');
    } finally {
      busy.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('runs on the Node release it was asked to run on (npm run test:node)', () => {
    const major = process.versions.node.split('.')[0];
    expect(major).toBe(process.env.SERVC_NODE_MAJOR ?? major);
  });

  it('a run passes only with exit 0, a report, a test run and no failure', () => {
    const clean = { passed: 3, failed: 0, skipped: 0 };
    expect(passed(0, clean)).toBe(true);
    expect(passed(1, clean)).toBe(false);
    expect(passed(0, { ...clean, failed: 1 })).toBe(false);
    expect(passed(0, undefined)).toBe(false);
    expect(passed(0, { passed: 0, failed: 0, skipped: 2 })).toBe(false);
  });

  it('an error outside any test counts as a failure', () => {
    const vitest = {
      numPassedTests: 4,
      numFailedTests: 0,
      numFailedTestSuites: 0,
      numPendingTests: 0,
      numTodoTests: 0,
      success: false,
    };
    expect(vitestCounts(vitest).failed).toBe(1);
    expect(vitestCounts({ ...vitest, numFailedTestSuites: 1 }).failed).toBe(1);
    expect(vitestCounts({ ...vitest, success: true }).failed).toBe(0);
    const playwright = { stats: { expected: 2, unexpected: 0, flaky: 0, skipped: 0 }, errors: [{}] };
    expect(playwrightCounts(playwright).failed).toBe(1);
  });

  it("CI's closing line adds up the runners' reports, and nothing else in the folder, and names what failed", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'servc-reports-'));
    try {
      const vitest = {
        numPassedTests: 5,
        numFailedTests: 2,
        numFailedTestSuites: 1,
        numPendingTests: 0,
        numTodoTests: 0,
        testResults: [
          {
            name: path.join(process.cwd(), 'src/a.test.ts'),
            status: 'failed',
            message: '',
            assertionResults: [
              { fullName: 'a books', status: 'passed', failureMessages: [] },
              {
                fullName: 'a refuses',
                status: 'failed',
                failureMessages: ['AssertionError: expected 409\n  at x'],
              },
              {
                fullName: 'a fuzzes',
                status: 'failed',
                failureMessages: [
                  'Error: Property failed after 24 tests\n{ seed: -32, path: "23", endOnFailure: true }\n' +
                    'Counterexample: [{"path":"/x"}]\nShrunk 0 time(s)\n  at buildError',
                ],
              },
            ],
          },
          {
            name: path.join(process.cwd(), 'src/b.test.ts'),
            status: 'failed',
            message: 'Hook timed out in 10000ms.',
            assertionResults: [],
          },
        ],
      };
      writeFileSync(path.join(dir, 'vitest-api.json'), JSON.stringify({ ...vitest, success: false }));
      const failedSpec = {
        title: 'books',
        file: 'booking.spec.ts',
        line: 7,
        tests: [{ status: 'unexpected', results: [{ errors: [{ message: 'Timed out' }] }] }],
      };
      const flakySpec = {
        title: 'cancels',
        file: 'booking.spec.ts',
        line: 20,
        tests: [{ status: 'flaky', results: [] }],
      };
      writeFileSync(
        path.join(dir, 'e2e.json'),
        JSON.stringify({
          stats: { expected: 3, unexpected: 1, flaky: 0, skipped: 1 },
          errors: [],
          suites: [{ specs: [], suites: [{ specs: [failedSpec, flakySpec] }] }],
        }),
      );
      writeFileSync(path.join(dir, '.last-run.json'), JSON.stringify({ status: 'passed' }));
      expect(sumReports(dir)).toEqual({
        passed: 8,
        failed: 3,
        skipped: 1,
        failures: [
          'e2e.json: booking.spec.ts:7 › books: Timed out',
          'vitest-api.json: src/a.test.ts › a refuses: AssertionError: expected 409',
          'vitest-api.json: src/a.test.ts › a fuzzes: Error: Property failed after 24 tests ' +
            '{ seed: -32, path: "23", endOnFailure: true } Counterexample: [{"path":"/x"}]',
          'vitest-api.json: src/b.test.ts: Hook timed out in 10000ms.',
        ],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(passed(0, { passed: Number.NaN, failed: Number.NaN, skipped: 0 })).toBe(false);
  });
});
