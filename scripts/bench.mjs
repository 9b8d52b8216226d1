// `npm run bench`: every benchmark in bench/, each printing its figures. Not a test: nothing here passes or fails.
// Each is bundled by esbuild as the production server is (scripts/build-server.mjs), so the figures are for the
// code that runs in production, not for the development loader.
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
const { build } = await import('esbuild');
for (const file of benches) {
  const name = file.replace('.bench.ts', '');
  const outfile = path.join(root, 'dist', 'bench', `${name}.js`);
  await build({
    entryPoints: [path.join(root, 'bench', file)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  console.log(`\n### ${file}  (npm run bench -- ${name})`);
  run('node', [outfile]);
}
