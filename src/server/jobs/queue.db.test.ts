import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashJob } from '../test/job-crash-job';
import { createTestApp, type TestApp } from '../test/test-app';
import { createJobQueue, type JobQueue } from './queue';

let t: TestApp;
let queue: JobQueue | undefined;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await queue?.stop(1000);
  await t.close();
});

const fixture = path.join(import.meta.dirname, '../test/job-crash-fixture.ts');

/** Runs the fixture until it has sent its jobs and is stuck in the first one, then kills it with SIGKILL. */
async function sendThenCrash(url: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, url], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`fixture did not send: ${output}`)), 20_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('sent')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => reject(new Error(`fixture exited with ${code}: ${output}`)));
  });
  // Crash as soon as its worker has taken the first job.
  for (let tries = 0; ; tries++) {
    const active = await t.database.pool.query(`select 1 from pgboss.job where state = 'active'`);
    if (active.rowCount) break;
    if (tries > 200) throw new Error('the fixture never took a job');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('the job queue', () => {
  it('runs jobs sent before a crash (kill -9) after the restart, also the one that was running', async () => {
    const url = t.database.pool.options.connectionString!;
    await sendThenCrash(url);
    const states = await t.database.pool.query<{ state: string; n: number }>(
      `select state, (data->>'n')::int as n from pgboss.job where name = $1 order by n`,
      [crashJob.name],
    );
    expect(states.rows).toEqual([
      { state: 'active', n: 1 },
      { state: 'created', n: 2 },
    ]);

    const ran: number[] = [];
    queue = createJobQueue({
      connectionString: url,
      jobs: [{ ...crashJob, run: async ({ n }: { n: number }) => void ran.push(n) }],
      onError: () => undefined,
      maintenanceIntervalSeconds: 1,
      pollingIntervalSeconds: 1,
    });
    await queue.start();
    // The waiting job at once; the one running at the crash once its expiry (5 s) has passed.
    for (let waited = 0; ran.length < 2 && waited < 20_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ran.sort()).toEqual([1, 2]);
  }, 60_000);

  it('starts on several instances at once on a new database (each creates the same queues)', async () => {
    const fresh = await createTestApp({ seed: false });
    const url = fresh.database.pool.options.connectionString!;
    const jobs = ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => ({ ...crashJob, name: `test.start-${n}` }));
    const queues = Array.from({ length: 4 }, () =>
      createJobQueue({ connectionString: url, jobs, onError: () => undefined, pollingIntervalSeconds: 1 }),
    );
    try {
      const started = await Promise.allSettled(queues.map((q) => q.start()));
      expect(started.filter((s) => s.status === 'rejected').map((s) => String(s.reason))).toEqual([]);
    } finally {
      await Promise.all(queues.map((q) => q.stop(1000).catch(() => undefined)));
      await fresh.close();
    }
  }, 60_000);

  it('stops cleanly when asked while it is still starting (a signal right after boot)', async () => {
    const fresh = await createTestApp({ seed: false });
    const url = fresh.database.pool.options.connectionString!;
    const jobs = Array.from({ length: 20 }, (_, n) => ({ ...crashJob, name: `test.stop-${n}` }));
    const early = createJobQueue({
      connectionString: url,
      jobs,
      onError: () => undefined,
      pollingIntervalSeconds: 1,
    });
    try {
      const starting = early.start();
      // pg-boss is up and its queues are being made: the workers are next.
      for (let tries = 0; ; tries++) {
        const made = await fresh.database.pool
          .query(`select 1 from pgboss.queue where name like 'test.stop-%'`)
          .catch(() => ({ rowCount: 0 }));
        if (made.rowCount) break;
        if (tries > 1000) throw new Error('the queue never started');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await early.stop(1000);
      // Before, the start went on against a stopped pg-boss and failed ("Workers are disabled").
      await expect(starting).resolves.toBeUndefined();
    } finally {
      await fresh.close();
    }
  }, 60_000);
});
