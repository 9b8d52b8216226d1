import { PgTransaction } from 'drizzle-orm/pg-core';

type Reads = readonly (() => PromiseLike<unknown>)[];
type Results<T extends Reads> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * Runs reads at once on the pool and one after another on a transaction (`on`: where they run). A
 * transaction's one connection would only queue queries sent at once, which pg deprecates and the API tests
 * refuse (`test/no-queued-queries.ts`). Each read is a function, so that none starts before its turn.
 */
export async function readAll<T extends Reads>(on: unknown, reads: readonly [...T]): Promise<Results<T>> {
  if (!(on instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Results<T>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results<T>;
}
