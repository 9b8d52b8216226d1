// `node scripts/budgets.mjs [webDir]`: the front-end budgets of a build (scripts/lib/budgets.mjs, ADR 059).
// Prints every figure and exits 1 when any exceeds its budget. `npm test` runs it after the build.
import path from 'node:path';
import { check, kb, measure } from './lib/budgets.mjs';
import { root } from './lib/ensure.mjs';

const webDir = path.resolve(process.argv[2] ?? path.join(root, 'dist', 'web'));
const { rows, over } = check(measure(webDir));
for (const row of rows) {
  const why = row.console
    ? ' (loads the console)'
    : row.pulledBy?.length
      ? ` (also loaded by ${row.pulledBy.join(', ')})`
      : '';
  const verdict = over.includes(row) ? `OVER${why}` : 'ok';
  console.log(
    `${row.group.padEnd(19)} ${row.name.padEnd(48)} ${kb(row.bytes).padStart(9)} / ${kb(row.budget)}  ${verdict}`,
  );
}
if (over.length > 0) {
  console.error(`\n${over.length} figure(s) over budget (brotli, quality 11; 1 KB = 1000 bytes).`);
  process.exit(1);
}
console.log('\nEvery figure is within its budget (brotli, quality 11; 1 KB = 1000 bytes).');
