// `npm run bench`: every benchmark in bench/, each printing its figures. Not a test: no figure passes or fails, but
// a benchmark that breaks (or a name that matches none) makes the run exit non-zero.
// Each is bundled by esbuild as the production server is (scripts/build-server.mjs), so the figures are for the
// code that runs in production, not for the development loader.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ensureBuilt, ensureDependencies, root, run, SERVER_NODE_FLAGS } from './lib/ensure.mjs';

ensureDependencies();
ensureBuilt();
const only = process.argv[2];
const benches = readdirSync(path.join(root, 'bench'))
  .filter((file) => file.endsWith('.bench.ts') && (!only || file.includes(only)))
  .sort();
if (benches.length === 0) {
  console.error(`No benchmark in bench/ matches "${only}".`);
  process.exit(1);
}
console.log(`Machine: ${(await import('node:os')).cpus().length} cores, node ${process.version}`);
const { build } = await import('esbuild');
const failed = [];
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
  try {
    // With the server's Node flags: the app under test (and the bare baselines beside it) run as in production.
    run('node', [...SERVER_NODE_FLAGS, outfile]);
  } catch (error) {
    failed.push(name);
    console.error(error.message);
  }
}
if (failed.length > 0) {
  console.error(`\nBenchmarks that failed: ${failed.join(', ')}`);
  process.exit(1);
}
