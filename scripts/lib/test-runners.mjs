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

/** Counts summed over every runner report directly in `dir` (test-results/): `vitest-*.json` and `e2e*.json`. */
export function sumReports(dir) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const file of readdirSync(dir).filter((name) => /^(vitest-|e2e).*\.json$/.test(name))) {
    const report = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    const counts = file.startsWith('e2e') ? playwrightCounts(report) : vitestCounts(report);
    for (const key of Object.keys(total)) total[key] += counts[key];
  }
  return total;
}
