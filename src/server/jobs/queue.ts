import pg from 'pg';
import PgBoss from 'pg-boss';
import { z } from 'zod';
import { LOCKS } from '../db/locks';

/**
 * The durable job queue (ADR 023): pg-boss on our own PostgreSQL, in its schema `pgboss`. A job sent is a
 * row, so it survives a crash or restart and runs once a worker is up again; a job that was running when its
 * process died is retried once its expiry has passed.
 */

export interface JobDefinition<T extends object> {
  /** Queue name: letters, digits, `.`, `-` and `_`. */
  name: string;
  /** The payload's shape, checked when the job runs: a payload that does not fit fails the job, naming the fields. */
  payload: z.ZodType<T>;
  run(data: T): Promise<unknown>;
  /** Cron expression (UTC) on which the queue sends the job by itself. */
  cron?: string;
  /** Also send it once when the queue starts. */
  runAtStart?: boolean;
  /** Tries after the first failure (default 2). */
  retryLimit?: number;
  /** A running job not finished by then is taken as failed (its process died) and retried (default 15 min). */
  expireInSeconds?: number;
}

/** Typed registration: `run`'s data type is what `send` takes. */
export const defineJob = <T extends object>(job: JobDefinition<T>): JobDefinition<T> => job;

/** The payload of a job that needs none (cron and at-start sends carry `{}`). */
export const NO_PAYLOAD = z.object({}).strict();

/** A job's payload did not fit its schema: the job fails with the fields named, never their values (PHI). */
export class JobPayloadError extends Error {
  override readonly name = 'JobPayloadError';
  constructor(job: string, error: z.ZodError) {
    const fields = [...new Set(error.issues.map((issue) => issue.path.join('.') || '(payload)'))];
    super(`The ${job} job's payload does not fit its schema: ${fields.join(', ')}.`);
  }
}

/** Checks a payload against its job's schema (when the job runs, and before it is sent). */
export function parsePayload<T extends object>(job: JobDefinition<T>, data: unknown): T {
  const parsed = job.payload.safeParse(data ?? {});
  if (!parsed.success) throw new JobPayloadError(job.name, parsed.error);
  return parsed.data;
}

/** What a module gets to send its jobs: the queue, or nothing when the app runs without one (API tests). */
export interface JobSender {
  send<T extends object>(job: JobDefinition<T>, data: T): Promise<string | null>;
}

/** Without a queue a send is dropped; the job's cron (or a test) does the work. */
export const NO_QUEUE: JobSender = { send: async () => null };

export interface JobQueueOptions {
  connectionString: string;
  /** Read when the queue starts (the app fills it from its modules first). */
  jobs: readonly JobDefinition<object>[];
  /** Reports job failures and queue errors; log names and types only, job data may hold patient data. */
  onError(error: Error, job?: string): void;
  /** Reports what a finished job returned. */
  onDone?(job: string, result: unknown): void;
  /** How often expired jobs are looked for (default 60 s). */
  maintenanceIntervalSeconds?: number;
  /** How often an idle worker looks for work (default 2 s). */
  pollingIntervalSeconds?: number;
}

export interface JobQueue extends JobSender {
  /** Creates the queue's schema when missing, registers the workers and cron schedules. */
  start(): Promise<void>;
  /** Stops fetching; waits up to `timeoutMs` for running jobs. Safe to call twice or before `start`. */
  stop(timeoutMs?: number): Promise<void>;
}

export function createJobQueue({
  connectionString,
  jobs,
  onError,
  onDone,
  maintenanceIntervalSeconds = 60,
  pollingIntervalSeconds = 2,
}: JobQueueOptions): JobQueue {
  const boss = new PgBoss({
    connectionString,
    max: 2,
    application_name: 'servc-jobs',
    maintenanceIntervalSeconds,
  });
  boss.on('error', (error) => onError(error));

  const sendOptions = (job: JobDefinition<object>): PgBoss.SendOptions => ({
    retryLimit: job.retryLimit ?? 2,
    ...(job.expireInSeconds !== undefined && { expireInSeconds: job.expireInSeconds }),
  });

  /**
   * Instances starting at once would create the same queues at once (pg-boss's own at its start, then ours),
   * and PostgreSQL would end one creation as a deadlock victim: one instance at a time starts, under a session
   * lock on a connection of its own.
   */
  async function startOneAtATime(): Promise<void> {
    const client = new pg.Client({ connectionString, application_name: 'servc-jobs' });
    // A connection lost while it waits would otherwise be an unhandled 'error' event, ending the process.
    client.on('error', (error) => onError(error));
    await client.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [LOCKS.jobQueues]);
      await boss.start();
      for (const job of jobs) await boss.createQueue(job.name);
    } finally {
      await client.end();
    }
  }

  let started = false;
  let starting: Promise<void> | undefined;
  async function startWorkers() {
    await startOneAtATime();
    for (const job of jobs) {
      // A stop asked for while starting (a signal right after boot) ends the start here; stop() waits for it.
      if (!started) return;
      await boss.work<object>(job.name, { batchSize: 1, pollingIntervalSeconds }, async ([item]) => {
        if (!item) return;
        try {
          const result = await job.run(parsePayload(job, item.data));
          onDone?.(job.name, result);
        } catch (error) {
          onError(error instanceof Error ? error : new Error('non-Error thrown'), job.name);
          throw error;
        }
      });
      if (job.cron) await boss.schedule(job.name, job.cron, {}, { ...sendOptions(job), tz: 'UTC' });
      if (job.runAtStart) await boss.send(job.name, {}, sendOptions(job));
    }
  }
  return {
    start() {
      started = true;
      starting = startWorkers();
      return starting;
    },
    async stop(timeoutMs = 10_000) {
      // Stopping a queue never started (or stopped already) is nothing to do.
      if (!started) return;
      started = false;
      // Its failure is the start's to report.
      await starting?.catch(() => undefined);
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
    send: async (job, data) => boss.send(job.name, parsePayload(job, data), sendOptions(job)),
  };
}
