import { and, eq, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { defineJob, NO_PAYLOAD } from './queue';
import { idempotencyKeys, loginAttempts, sandboxOutboundPlacements, sessions } from '../db/schema/index';

/** How long rows that only serve a short purpose are kept. */
export const RETENTION = {
  /** Failed sign-ins: the growing delays look back 24 hours (ADR 047). */
  loginAttemptsHours: 24,
  /** Successful sign-ins mark an address as known for the account (ADR 047). */
  knownAddressDays: 90,
  /** Ended sessions are deleted when next seen; these were never seen again. */
  endedSessionsHours: 24,
  /** A voice platform or browser retries within minutes. */
  idempotencyKeysDays: 7,
  /** The sandbox's record of a call it placed matters until a restart has finished that call: minutes. */
  sandboxPlacementsDays: 7,
};

const HOUR_MS = 3_600_000;

export interface HousekeepingResult {
  loginAttempts: number;
  sessions: number;
  idempotencyKeys: number;
  sandboxPlacements: number;
}

/** Deletes what has outlived its purpose; safe to run on several instances at once. */
export async function runHousekeeping(
  db: Db,
  idleMinutes: number,
  now: Date = new Date(),
): Promise<HousekeepingResult> {
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  const stale = ago(RETENTION.endedSessionsHours);
  const [attempts, ended, keys, placements] = await Promise.all([
    db
      .delete(loginAttempts)
      .where(
        or(
          and(
            eq(loginAttempts.succeeded, false),
            lt(loginAttempts.createdAt, ago(RETENTION.loginAttemptsHours)),
          ),
          lt(loginAttempts.createdAt, ago(RETENTION.knownAddressDays * 24)),
        ),
      )
      .returning({ id: loginAttempts.id }),
    db
      .delete(sessions)
      .where(
        or(
          lt(sessions.expiresAt, stale),
          lt(sessions.lastUsedAt, new Date(stale.getTime() - idleMinutes * 60_000)),
        ),
      )
      .returning({ id: sessions.idHash }),
    db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, ago(RETENTION.idempotencyKeysDays * 24)))
      .returning({ key: idempotencyKeys.key }),
    db
      .delete(sandboxOutboundPlacements)
      .where(lt(sandboxOutboundPlacements.createdAt, ago(RETENTION.sandboxPlacementsDays * 24)))
      .returning({ key: sandboxOutboundPlacements.placementKey }),
  ]);
  return {
    loginAttempts: attempts.length,
    sessions: ended.length,
    idempotencyKeys: keys.length,
    sandboxPlacements: placements.length,
  };
}

/** Hourly on the job queue, and once at boot (jobs/index.ts). */
export const housekeepingJob = (db: Db, idleMinutes: number) =>
  defineJob<Record<string, never>>({
    name: 'housekeeping',
    payload: NO_PAYLOAD,
    cron: '0 * * * *',
    runAtStart: true,
    run: () => runHousekeeping(db, idleMinutes),
  });
