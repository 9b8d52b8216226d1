import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freeLoopbackPort, PASSWORD_FILE, startEmbeddedPostgres } from './embedded-postgres';

const dirs: string[] = [];
const children: ChildProcess[] = [];
function tempDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'servc-restart-'));
  chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
}

/** Stops whatever PostgreSQL a test left running in its folder (a crash test leaves one on purpose). */
function stopLeftovers(dir: string) {
  const pidFile = path.join(dir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    // already gone
  }
}

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs) stopLeftovers(dir);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function connects(url: string, password?: string): Promise<boolean> {
  const target = new URL(url);
  if (password !== undefined) target.password = password;
  const client = new pg.Client({ connectionString: target.toString() });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe("the embedded PostgreSQL's superuser password", () => {
  it('is random per DATA_DIR, in a file only its owner can read', async () => {
    const dir = tempDataDir();
    const db = await startEmbeddedPostgres(dir);
    try {
      const file = path.join(dir, PASSWORD_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const password = readFileSync(file, 'utf8').trim();
      expect(password.length).toBeGreaterThanOrEqual(24);
      expect(decodeURIComponent(new URL(db.url).password)).toBe(password);
      expect(await connects(db.url)).toBe(true);
      expect(await connects(db.url, 'postgres')).toBe(false);
    } finally {
      await db.stop();
    }
  });

  it("is rotated on the first start of a directory that still has 'postgres'", async () => {
    const dir = tempDataDir();
    const first = await startEmbeddedPostgres(dir);
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    await client.query(`alter user postgres with password 'postgres'`);
    await client.end();
    await first.stop();
    rmSync(path.join(dir, PASSWORD_FILE));

    const second = await startEmbeddedPostgres(dir);
    try {
      expect(statSync(path.join(dir, PASSWORD_FILE)).mode & 0o777).toBe(0o600);
      expect(await connects(second.url)).toBe(true);
      expect(await connects(second.url, 'postgres')).toBe(false);
    } finally {
      await second.stop();
    }
  });
});

const root = path.resolve(import.meta.dirname, '../../..');

function startServer(dataDir: string, port: number): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

async function ready(port: number, child: ChildProcess): Promise<number> {
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  for (let waited = 0; waited < 60_000; waited += 250) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    const status = await fetch(`http://127.0.0.1:${port}/api/ready`)
      .then((response) => response.status)
      .catch(() => 0);
    if (status) return status;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer:\n${output}`);
}

describe('after kill -9 of the server', () => {
  it('the next start stops its orphaned database and is ready', { timeout: 150_000 }, async () => {
    const dir = tempDataDir();
    const port = await freeLoopbackPort();
    const crashed = startServer(dir, port);
    expect(await ready(port, crashed)).toBe(200);
    crashed.kill('SIGKILL');
    await new Promise((resolve) => crashed.once('exit', resolve));
    // The database outlived the server.
    const orphan = Number(readFileSync(path.join(dir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(() => process.kill(orphan, 0)).not.toThrow();

    const restarted = startServer(dir, port);
    expect(await ready(port, restarted)).toBe(200);
    restarted.kill('SIGTERM');
    await new Promise((resolve) => restarted.once('exit', resolve));
    // The server sent its database the shutdown signal; PostgreSQL removes its pid file when it has stopped,
    // which on a busy machine can come a moment after the server's own exit.
    const pidFile = path.join(dir, 'postgres', 'postmaster.pid');
    for (let waited = 0; existsSync(pidFile) && waited < 10_000; waited += 100) await sleep(100);
    expect(existsSync(pidFile)).toBe(false);
  });
});
