// The closing line of CI: every runner report in test-results/ added up (npm test, Node 24, the clock runs).
import path from 'node:path';
import { root } from './lib/ensure.mjs';
import { passed as passedAll, printFailures, sumReports } from './lib/test-runners.mjs';

const { passed, failed, skipped, failures } = sumReports(path.join(root, 'test-results'));
printFailures(failures);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(passedAll(0, { passed, failed, skipped }) ? 0 : 1);
