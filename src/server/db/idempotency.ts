import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { idempotencyKeys } from './schema/index';

/**
 * Runs a request once per idempotency key: a repeat (also a concurrent one, also after a crash) gets the first
 * result. Keys are stored in `idempotency_keys` and deleted by housekeeping after a week. Used by bookings;
 * outbound calls and the processor reuse it. Keys belong to a practice (issue 22): the same key sent by two
 * practices names two requests, and one never gets the other's result.
 */

export const KEY_REUSED_MESSAGE = 'This idempotency key was already used for a different request.';

/** The key was used before for a different request. */
export class IdempotencyKeyReusedError extends Error {
  override readonly name = 'IdempotencyKeyReusedError';
}

/** The first attempt with this key is still running after `waitMs`. */
export class IdempotencyKeyBusyError extends Error {
  override readonly name = 'IdempotencyKeyBusyError';
}

/** A stable hash of a request (object keys in any order). */
export function fingerprint(value: unknown): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.entries(v)
          .filter(([, inner]) => inner !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([k, inner]) => [k, canonical(inner)]),
      );
    }
    return v;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(value)))
    .digest('hex');
}

export interface IdempotencyOptions {
  /** A claim older than this without a result is from an attempt that died (outside work only). */
  staleAfterMs?: number;
  /** How long a repeat waits for a running first attempt. */
  waitMs?: number;
  pollMs?: number;
}

type Seen = { state: 'new' } | { state: 'done'; result: unknown } | { state: 'running' };

export function createIdempotency(
  db: Db,
  { staleAfterMs = 120_000, waitMs = 20_000, pollMs = 25 }: IdempotencyOptions = {},
) {
  const byKey = (practiceId: string, key: string) =>
    and(eq(idempotencyKeys.practiceId, practiceId), eq(idempotencyKeys.key, key));

  /** What is stored for `key`; a different request under it is refused. */
  async function seen(practiceId: string, key: string, print: string): Promise<Seen> {
    const [row] = await db.select().from(idempotencyKeys).where(byKey(practiceId, key));
    if (!row) return { state: 'new' };
    if (row.fingerprint !== null && row.fingerprint !== print) {
      throw new IdempotencyKeyReusedError(KEY_REUSED_MESSAGE);
    }
    return row.result !== null ? { state: 'done', result: row.result } : { state: 'running' };
  }

  /** Takes over a claim whose attempt died mid-way (process killed), so it does not block the key forever. */
  async function takeOverStale(practiceId: string, key: string): Promise<boolean> {
    const taken = await db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now()` })
      .where(
        and(
          byKey(practiceId, key),
          isNull(idempotencyKeys.result),
          sql`${idempotencyKeys.createdAt} < now() - make_interval(secs => ${staleAfterMs / 1000})`,
        ),
      )
      .returning({ key: idempotencyKeys.key });
    return taken.length > 0;
  }

  async function waitABit(started: number): Promise<void> {
    if (Date.now() - started > waitMs) {
      throw new IdempotencyKeyBusyError(
        'This request is still being processed. Please try again in a moment.',
      );
    }
    await sleep(pollMs);
  }

  return {
    /**
     * For work on this database: the key's claim, the work and its result commit in one transaction, so a
     * crash anywhere in between leaves neither (a retry does the work once) and a finished attempt leaves
     * both (a retry gets its result). A concurrent repeat waits on the key's row lock. `work` must do all
     * its queries on `tx`: holding a pooled connection while waiting for another could exhaust the pool.
     */
    async inTransaction<T>(
      practiceId: string,
      key: string,
      request: unknown,
      work: (tx: Tx) => Promise<T>,
    ): Promise<T> {
      const print = fingerprint(request);
      const started = Date.now();
      for (;;) {
        const before = await seen(practiceId, key, print);
        if (before.state === 'done') return before.result as T;
        if (before.state === 'running') {
          // Left by outside work: wait for it, or take it over once stale.
          if (await takeOverStale(practiceId, key)) {
            await db.delete(idempotencyKeys).where(byKey(practiceId, key));
          } else await waitABit(started);
          continue;
        }
        const outcome = await db.transaction(async (tx) => {
          const claimed = await tx
            .insert(idempotencyKeys)
            .values({ practiceId, key, fingerprint: print })
            .onConflictDoNothing()
            .returning({ key: idempotencyKeys.key });
          // Another attempt committed first (this insert waited for it): read its result.
          if (claimed.length === 0) return undefined;
          const result = await work(tx);
          await tx.update(idempotencyKeys).set({ result }).where(byKey(practiceId, key));
          return { result };
        });
        if (outcome) return outcome.result;
      }
    },

    /**
     * For work elsewhere (a vendor's API), which cannot share our transaction: claim the key, do the work,
     * store its result; a failure releases the key. A crash after the vendor acted and before the result was
     * stored cannot be undone here: after `staleAfterMs` a retry does the work again.
     */
    async outside<T>(practiceId: string, key: string, request: unknown, work: () => Promise<T>): Promise<T> {
      const print = fingerprint(request);
      const started = Date.now();
      for (;;) {
        const before = await seen(practiceId, key, print);
        if (before.state === 'done') return before.result as T;
        const claimed =
          before.state === 'new'
            ? (
                await db
                  .insert(idempotencyKeys)
                  .values({ practiceId, key, fingerprint: print })
                  .onConflictDoNothing()
                  .returning({ key: idempotencyKeys.key })
              ).length > 0
            : await takeOverStale(practiceId, key);
        if (!claimed) {
          if (before.state === 'running') await waitABit(started);
          continue;
        }
        let result: T;
        try {
          result = await work();
        } catch (error) {
          await db.delete(idempotencyKeys).where(and(byKey(practiceId, key), isNull(idempotencyKeys.result)));
          throw error;
        }
        await db.update(idempotencyKeys).set({ result }).where(byKey(practiceId, key));
        return result;
      }
    },
  };
}
export type Idempotency = ReturnType<typeof createIdempotency>;
