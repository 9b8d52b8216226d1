// The closing line of CI: every runner report in test-results/ added up (npm test, Node 24, the clock runs).
import path from 'node:path';
import { root } from './lib/ensure.mjs';
import { sumReports } from './lib/test-runners.mjs';

const { passed, failed, skipped } = sumReports(path.join(root, 'test-results'));
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
