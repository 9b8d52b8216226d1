import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Every PostgreSQL advisory lock the app takes, named in one place so no two uses share an id by accident.
 * pg-boss takes its own (on its schema name), which these never collide with in practice.
 */
export const LOCKS = {
  /** Held while migrations run at boot (session lock). */
  migrations: 727001,
  /** Held while the demo practice is seeded (transaction lock). */
  demoSeed: 727002,
  /** Held while the last active admin could be removed or demoted (transaction lock). */
  lastAdmin: 727003,
  /** Held while outbound calls are claimed, so the in-flight count and the claim agree (transaction lock). */
  outboundDispatch: 727004,
  /** Held while an instance starts its job queue and creates the queues (session lock on a connection of its own). */
  jobQueues: 727005,
  /**
   * Held per practice while recall calls are queued (transaction lock), so the 30-day and per-day limits are
   * counted and kept by one queuer at a time: a campaign run and a "Call selected" never both pass them.
   */
  recallQueue: 727006,
  /**
   * Held while the shared voice platform account is imported (session lock, `whileHolding`): two imports at
   * once (two admins, or two instances booting) would each take what neither had yet and store it twice.
   */
  voicePlatformImport: 727007,
} as const;

/** Transaction lock for `LOCKS.x`; released at commit or rollback. */
export const xactLock = (id: (typeof LOCKS)[keyof typeof LOCKS]): SQL =>
  sql`select pg_advisory_xact_lock(${id})`;

/**
 * Transaction lock per practice and practice-local day (YYYY-MM-DD) for bookings: inserts racing for one
 * time otherwise wait on each other's exclusion constraints (provider, room) in opposite orders and deadlock.
 * Two practices never wait on each other.
 */
export const bookingDayLock = (practiceId: string, date: string): SQL =>
  sql`select pg_advisory_xact_lock(hashtext(${`booking:${practiceId}:${date}`}))`;

/** Transaction lock per demo-request sender (keyed by the hashed client address). */
export const demoRequestSenderLock = (clientAddressHash: string): SQL =>
  sql`select pg_advisory_xact_lock(hashtext(${'demo:' + clientAddressHash}))`;

/** Transaction lock per practice and patient phone (E.164): one find-or-create of a patient at a time. */
export const patientPhoneLock = (practiceId: string, phone: string): SQL =>
  sql`select pg_advisory_xact_lock(hashtext(${`patient:${practiceId}:${phone}`}))`;

/** Transaction lock per practice while its built-in schedule gets its starter providers (at most once). */
export const starterScheduleLock = (practiceId: string): SQL =>
  sql`select pg_advisory_xact_lock(hashtext(${`starter-schedule:${practiceId}`}))`;

/** Transaction lock per practice and invitee (lower-cased e-mail): one replacing of their invitations at a time. */
export const inviteeLock = (practiceId: string, email: string): SQL =>
  sql`select pg_advisory_xact_lock(hashtext(${`invitation:${practiceId}:${email.toLowerCase()}`}))`;

/** Transaction lock per practice while the operator's admin invitation replaces the pending admin ones. */
export const adminInvitationsLock = (practiceId: string): SQL =>
  sql`select pg_advisory_xact_lock(hashtext(${`invitation-admin:${practiceId}`}))`;

/** Transaction lock per PMS connector and consumer: one practice at a time links a consumer. */
export const pmsConsumerLock = (connectorId: string, consumerId: string): SQL =>
  sql`select pg_advisory_xact_lock(hashtext(${`pms-consumer:${connectorId}:${consumerId}`}))`;

/**
 * Runs `work` while this process holds the session lock `LOCKS.x` on a pooled connection of its own, or
 * answers `{ held: false }` at once when another holds it. For work that waits on a vendor between its
 * queries: a transaction lock would sit idle in its transaction, past the idle timeout.
 */
export async function whileHolding<T>(
  db: Db,
  id: (typeof LOCKS)[keyof typeof LOCKS],
  work: () => Promise<T>,
): Promise<{ held: true; value: T } | { held: false }> {
  const client = await db.$client.connect();
  let broken: Error | undefined;
  try {
    const { rows } = await client.query<{ held: boolean }>('select pg_try_advisory_lock($1) as held', [id]);
    if (!rows[0]?.held) return { held: false };
    try {
      return { held: true, value: await work() };
    } finally {
      await client.query('select pg_advisory_unlock($1)', [id]).catch((error: Error) => (broken = error));
    }
  } finally {
    // A connection that could not give the lock back is closed, which gives it back.
    client.release(broken);
  }
}
