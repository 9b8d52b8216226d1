import type pg from 'pg';

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Counts the statements the app sends through the pool (every pooled client's `query`), for tests that hold
 * a path to a number of database round trips. The change feed's own heartbeat is left out.
 */
export function countQueries(pool: pg.Pool) {
  const client = (pool as unknown as { options: { Client: { prototype: { query: QueryFn } } } }).options
    .Client;
  const original = client.prototype.query;
  let seen: string[] | undefined;
  client.prototype.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    // Kept as sent (the statement's own string, no copy) and tidied afterwards: benchmarks count while they run.
    if (seen && !text.startsWith('select pg_notify(')) seen.push(text);
    return original.apply(this, args);
  };
  return {
    /** The statements sent while `work` ran. */
    async during(work: () => Promise<unknown>): Promise<string[]> {
      seen = [];
      try {
        await work();
        return seen.map((text) => text.replace(/\s+/g, ' ').trim());
      } finally {
        seen = undefined;
      }
    },
    restore: () => {
      client.prototype.query = original;
    },
  };
}
