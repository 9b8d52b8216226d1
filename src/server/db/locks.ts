import { sql, type SQL } from 'drizzle-orm';

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
