// The test runners as `npm test` runs them. A run passes only when the runner exited 0, wrote its JSON report,
// ran at least one test and the report counts no failure: a runner's exit code alone is never trusted (ADR 040).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { root } from './ensure.mjs';

/** Counts from a Vitest JSON report; an error outside any test (a file that does not load) is one failure. */
export function vitestCounts(report) {
  const outsideTests = report.numFailedTestSuites > 0 || report.success === false;
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests === 0 && outsideTests ? 1 : report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

/** Counts from a Playwright JSON report; an error outside any test (the web server did not start) is a failure. */
export function playwrightCounts(report) {
  const { stats, errors = [] } = report;
  return {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected + errors.length,
    skipped: stats.skipped,
  };
}

/** Whether a run passed, from its exit code and its counts (undefined when no report was written). */
export function passed(exitCode, counts) {
  return exitCode === 0 && counts !== undefined && counts.failed === 0 && counts.passed > 0;
}

function runWithReport(command, args, { env, reportFile, stdio }, count) {
  const report = path.resolve(root, reportFile);
  rmSync(report, { force: true });
  const child = spawnSync(command, args, { cwd: root, env, stdio, encoding: 'utf8' });
  const exitCode = child.status ?? 1;
  const counts = existsSync(report) ? count(JSON.parse(readFileSync(report, 'utf8'))) : undefined;
  return {
    ok: passed(exitCode, counts),
    exitCode,
    counts,
    output: `${child.stdout ?? ''}${child.stderr ?? ''}`,
  };
}

/**
 * `vitest run` for the given projects (and files, when given), on the Node binary `node` when given (its workers
 * run on the same binary), else on the one `npx` finds.
 * @param {{ projects: string[], files?: string[], env?: NodeJS.ProcessEnv, reportFile: string, stdio?: 'inherit' | 'pipe', node?: string }} options
 */
export function runVitest({ projects, files = [], env = process.env, reportFile, stdio = 'inherit', node }) {
  const args = ['run', ...projects.flatMap((p) => ['--project', p]), ...files];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`);
  const [command, vitest] = node
    ? [node, path.join(root, 'node_modules', 'vitest', 'vitest.mjs')]
    : ['npx', 'vitest'];
  return runWithReport(command, [vitest, ...args], { env, reportFile, stdio }, vitestCounts);
}

/**
 * `playwright test` (playwright.config.ts writes its JSON report to E2E_REPORT).
 * @param {{ args?: string[], env?: NodeJS.ProcessEnv, reportFile: string, stdio?: 'inherit' | 'pipe' }} options
 */
export function runPlaywright({ args = [], env = process.env, reportFile, stdio = 'inherit' }) {
  return runWithReport(
    'npx',
    ['playwright', 'test', ...args],
    { env: { ...env, E2E_REPORT: reportFile }, reportFile, stdio },
    playwrightCounts,
  );
}

const firstLine = (text = '') => text.trim().split('\n')[0].slice(0, 300);

/** The first line of a test's error; for a property test (fast-check) also its seed and counterexample. */
function failureLine(text = '') {
  const found = text.split('\n').filter((line) => /^(\{ seed: |Counterexample: )/.test(line));
  return [firstLine(text), ...found.map((line) => line.slice(0, 600))].join(' ');
}

/** What failed in a Vitest JSON report, a line each: the file, the test and its error (failureLine). */
export function vitestFailures(report) {
  return report.testResults.flatMap((file) => {
    const name = path.relative(root, file.name);
    const tests = file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${name} › ${test.fullName}: ${failureLine(test.failureMessages[0])}`);
    return tests.length === 0 && file.status === 'failed' ? [`${name}: ${firstLine(file.message)}`] : tests;
  });
}

/** What failed in a Playwright JSON report, a line each (a retried test that then passed is not a failure). */
export function playwrightFailures(report) {
  const lines = (report.errors ?? []).map((error) => firstLine(error.message));
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        if (test.status === 'unexpected')
          lines.push(
            `${spec.file}:${spec.line} › ${spec.title}: ${firstLine(test.results.at(-1)?.errors?.[0]?.message)}`,
          );
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return lines;
}

/**
 * Every runner report directly in `dir` (test-results/): `vitest-*.json` and `e2e*.json`, their counts summed and
 * their failures listed by report, so that the end of a long log names what failed.
 */
export function sumReports(dir) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  const failures = [];
  for (const file of readdirSync(dir).filter((name) => /^(vitest-|e2e).*\.json$/.test(name))) {
    const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    const e2e = file.startsWith('e2e');
    const counts = e2e ? playwrightCounts(report) : vitestCounts(report);
    for (const key of Object.keys(total)) total[key] += counts[key];
    for (const line of e2e ? playwrightFailures(report) : vitestFailures(report))
      failures.push(`${file}: ${line}`);
  }
  return { ...total, failures };
}

/** Prints what failed (from sumReports), if anything did. */
export function printFailures(failures) {
  if (failures.length > 0) console.log(`\nWhat failed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
}
