// Build-and-install checks shared by `npm start`, `npm test` and `npm run bench`. Node built-ins only:
// these run before dependencies are installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The Node flags the server runs with (ADR 063): each half of V8's young generation may grow to 64 MB, so what a
 * request allocates dies there instead of being copied out while other requests are still in flight (the GC
 * pause per voice tool call halves). `npm start` (package.json) names the same; a unit test holds the two
 * together, and the benchmarks run with them.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    const error = new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    error.exitCode = result.status ?? 1;
    throw error;
  }
}

function sha1(text) {
  return createHash('sha1').update(text).digest('hex');
}

/**
 * As root, the embedded PostgreSQL runs its binaries (in node_modules) as the user "postgres", which must be
 * able to pass through every folder above them. A clone in a private folder (e.g. `mktemp -d`, mode 0700)
 * would stop initdb with EACCES, so such folders get the traverse bit for others (o+x: enter, not list).
 */
function letPostgresReachProject() {
  if (process.getuid?.() !== 0) return;
  for (let at = root; ; at = path.dirname(at)) {
    const { mode } = statSync(at);
    if ((mode & 0o001) === 0) {
      chmodSync(at, mode | 0o001);
      console.log(`Made ${at} enterable by others (o+x) so the embedded PostgreSQL can reach its files.`);
    }
    if (path.dirname(at) === at) return;
  }
}

/** Installs dependencies when node_modules is missing or older than package-lock.json. */
export function ensureDependencies() {
  letPostgresReachProject();
  const stampFile = path.join(root, 'node_modules', '.servc-install-stamp');
  const lock = readFileSync(path.join(root, 'package-lock.json'), 'utf8');
  const wanted = sha1(lock + readFileSync(path.join(root, 'package.json'), 'utf8'));
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === wanted) return false;
  console.log('Installing dependencies (npm install)...');
  run('npm', ['install', '--no-audit', '--no-fund'], {
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  writeFileSync(stampFile, wanted);
  return true;
}

const BUILD_INPUTS = [
  'src',
  'index.html',
  'public.html',
  'public',
  'vite.config.ts',
  'package-lock.json',
  'scripts/build-server.mjs',
  'scripts/prerender.mjs',
];

function newestInput(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(full)) newest = Math.max(newest, newestInput(path.join(entry, child)));
  return newest;
}

/** Builds the web app and the server bundle when any input changed since the last build. */
export function ensureBuilt({ force = false } = {}) {
  const stampFile = path.join(root, 'dist', '.build-stamp');
  const wanted = String(Math.max(...BUILD_INPUTS.map(newestInput)));
  if (!force && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === wanted) return false;
  console.log('Building the web app and server...');
  run('npm', ['run', '--silent', 'build']);
  writeFileSync(stampFile, wanted);
  return true;
}

/** A free TCP port on the loopback interface. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
