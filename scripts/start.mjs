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
// `npm start` is the demo on this machine: development seeds the demo practices. A deployment sets
// NODE_ENV=production, which never seeds them and refuses a database that holds a demo login.
process.env.NODE_ENV ??= 'development';
await import('../dist/server/server.js');
