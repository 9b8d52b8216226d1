/**
 * Awaits drizzle queries one after another, for a transaction: its one connection would only queue queries
 * sent at once, which pg deprecates. A drizzle query starts when awaited, so none starts before its turn.
 */
export async function inTurn<T extends readonly PromiseLike<unknown>[]>(
  queries: readonly [...T],
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results: unknown[] = [];
  for (const query of queries) results.push(await query);
  return results as { -readonly [K in keyof T]: Awaited<T[K]> };
}
