// Bundles the server's TypeScript into dist/server (dependencies stay in node_modules).
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/server.ts'],
  outfile: 'dist/server/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
