// `npm run test:node [-- 24]`: the unit and API suites on another Node release (default: 24, the current LTS),
// taken from the npm registry's `node` package (a real Node binary; no other download) into .cache/.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ensureDependencies, root, run } from './lib/ensure.mjs';
import { runVitest } from './lib/test-runners.mjs';

const major = process.argv[2] ?? '24';
const prefix = path.join(root, '.cache', `node${major}`);
const bin = path.join(prefix, 'node_modules', 'node', 'bin');
ensureDependencies();
if (!existsSync(path.join(bin, 'node'))) {
  console.log(`Installing node@${major} from the npm registry into ${path.relative(root, prefix)}...`);
  run('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', `node@${major}`]);
}
const { TEST_DATABASE_URL: _external, ...env } = process.env;
const node = path.join(bin, 'node');
run(node, ['--version']);
// Vitest runs on that binary (and its workers with it); PATH leads to it too, for what the tests start, and
// SERVC_NODE_MAJOR lets the gate's test check which release it really ran on.
const result = runVitest({
  projects: ['unit', 'web', 'api'],
  node,
  env: { ...env, PATH: `${bin}${path.delimiter}${env.PATH}`, SERVC_NODE_MAJOR: major },
  reportFile: `test-results/vitest-node${major}.json`,
});
console.log(
  `\nNode ${major}: ${result.ok ? 'ok' : 'FAILED'} (${result.counts?.passed ?? 0} passed, ${result.counts?.failed ?? '?'} failed)`,
);
process.exit(result.ok ? 0 : 1);
