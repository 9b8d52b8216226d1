// Time from `npm start` to a ready server on an installed, built tree: a first start (creates and seeds
// the database) and a restart. Run with `npm run bench`.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freeLoopbackPort } from '../src/server/db/embedded-postgres';

async function timeStart(dataDir: string): Promise<number> {
  const port = await freeLoopbackPort();
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    // Its own process group: npm does not pass SIGTERM on to the server, so the whole group is signalled.
    detached: true,
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (performance.now() - started > 30_000) throw new Error('server did not become ready in 30 s');
      const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'servc-startup-'));
chmodSync(dataDir, 0o755);
const first = await timeStart(dataDir);
const restart = await timeStart(dataDir);
rmSync(dataDir, { recursive: true, force: true });
console.log('\nnpm start to ready (installed and built tree)');
console.log('| run | ms |');
console.log('| --- | --- |');
console.log(`| first start (new database, demo seeded) | ${Math.round(first)} |`);
console.log(`| restart (existing database) | ${Math.round(restart)} |`);
console.log(`\ntarget: <= 3000 ms`);
