// `npm start`: install what is missing, build what changed, then run the server in this process.
import { ensureBuilt, ensureDependencies, root } from './lib/ensure.mjs';

try {
  ensureDependencies();
  ensureBuilt();
} catch (error) {
  console.error(error.message);
  process.exit(error.exitCode ?? 1);
}
process.chdir(root);
await import('../dist/server/server.js');
