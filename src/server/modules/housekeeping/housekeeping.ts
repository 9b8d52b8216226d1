import { lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyKeys, loginAttempts, sessions } from '../../db/schema/index';

/** How long rows that only serve a short purpose are kept. */
export const RETENTION = {
  /** Sign-in limits look back 15 minutes. */
  loginAttemptsHours: 24,
  /** Ended sessions are deleted when next seen; these were never seen again. */
  endedSessionsHours: 24,
  /** A voice platform or browser retries within minutes. */
  idempotencyKeysDays: 7,
};

const HOUR_MS = 3_600_000;

export interface HousekeepingResult {
  loginAttempts: number;
  sessions: number;
  idempotencyKeys: number;
}

/** Deletes what has outlived its purpose; safe to run on several instances at once. */
export async function runHousekeeping(
  db: Db,
  idleMinutes: number,
  now: Date = new Date(),
): Promise<HousekeepingResult> {
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  const stale = ago(RETENTION.endedSessionsHours);
  const [attempts, ended, keys] = await Promise.all([
    db
      .delete(loginAttempts)
      .where(lt(loginAttempts.createdAt, ago(RETENTION.loginAttemptsHours)))
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
  ]);
  return { loginAttempts: attempts.length, sessions: ended.length, idempotencyKeys: keys.length };
}

/** Runs housekeeping now and then every `everyMs`; returns a stop function. Failures are reported, not thrown. */
export function scheduleHousekeeping(
  run: () => Promise<HousekeepingResult>,
  report: (result: HousekeepingResult | Error) => void,
  everyMs = HOUR_MS,
): () => void {
  const once = () => void run().then(report, (error: Error) => report(error));
  once();
  const timer = setInterval(once, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
