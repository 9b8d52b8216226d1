// `npm run bench`: every benchmark in bench/, each printing its figures. Not a test: nothing here passes or fails.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ensureBuilt, ensureDependencies, root, run } from './lib/ensure.mjs';

ensureDependencies();
ensureBuilt();
const only = process.argv[2];
const benches = readdirSync(path.join(root, 'bench'))
  .filter((file) => file.endsWith('.bench.ts') && (!only || file.includes(only)))
  .sort();
console.log(`Machine: ${(await import('node:os')).cpus().length} cores, node ${process.version}`);
for (const file of benches) {
  console.log(`\n### ${file}  (npm run bench -- ${file.replace('.bench.ts', '')})`);
  run('node', ['--import', 'tsx', path.join('bench', file)]);
}
