import { getTableName, type Table } from 'drizzle-orm';
import type { TableChanges } from './changes';

/**
 * Query results kept in memory until one of the tables they were read from changes (ADR 022). Without a
 * change feed (or while it is down) every read goes to the database. Values are shared between requests:
 * callers must not mutate them. `undefined` (nothing found) is kept only by a cache made with `keepMisses`
 * (ADR 061): a miss is emptied by a change to the same tables as a hit, and bounded by `max` like any entry.
 */
export interface ReadCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
  /**
   * For a reader inside a transaction: a kept value, else its own `load`, neither shared with other readers
   * nor kept. A shared load may be waiting for a pooled connection, and a transaction waiting for a second
   * connection can exhaust the pool (ADR 038).
   */
  peek(key: string, load: () => Promise<V>): Promise<V>;
}

/** The same caches for readers inside a transaction: every `get` is a `peek`. */
export function withinTransaction<C extends Record<string, ReadCache<unknown>>>(caches: C): C {
  return Object.fromEntries(
    Object.entries(caches).map(([name, cache]) => [name, { get: cache.peek, peek: cache.peek }]),
  ) as C;
}

export interface ReadCacheOptions {
  /** Entries kept; the oldest go first. */
  max?: number;
  /** A bound on staleness should a change ever go unheard. */
  maxAgeMs?: number;
  /**
   * Keep "not found" (`undefined`) too, for lookups asked again and again for what is not there (a called
   * number nobody mapped, an unknown caller): the change that adds it empties the cache like any other.
   */
  keepMisses?: boolean;
}

/** Every table some read cache depends on: each needs the change trigger (tested in changes.db.test.ts). */
export const cachedTables = new Set<string>();

export function createReadCache<V>(
  changes: TableChanges | undefined,
  dependsOn: readonly Table[],
  { max = 500, maxAgeMs = 60_000, keepMisses = false }: ReadCacheOptions = {},
): ReadCache<V> {
  const tables = dependsOn.map((table) => getTableName(table));
  for (const table of tables) cachedTables.add(table);
  if (!changes) return { get: (_key, load) => load(), peek: (_key, load) => load() };
  const entries = new Map<string, { value: V; at: number }>();
  // One load per key at a time: a change must not send every waiting poller to the database at once.
  const loading = new Map<string, Promise<V>>();
  let generation = 0;
  changes.subscribe((changed) => {
    if (changed !== null && !tables.some((table) => changed.has(table))) return;
    generation++;
    entries.clear();
    loading.clear();
  });

  async function fill(key: string, load: () => Promise<V>): Promise<V> {
    const started = generation;
    const at = performance.now();
    const value = await load();
    // A change heard while loading may not be in `value`: use it for the callers waiting now only.
    if ((value !== undefined || keepMisses) && started === generation && changes!.live) {
      entries.delete(key);
      if (entries.size >= max) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, at });
    }
    return value;
  }

  const kept = (key: string) => {
    const entry = entries.get(key);
    return entry && performance.now() - entry.at < maxAgeMs ? entry : undefined;
  };

  return {
    peek(key, load) {
      const entry = changes.live ? kept(key) : undefined;
      return entry ? Promise.resolve(entry.value) : load();
    },
    get(key, load) {
      if (!changes.live) return load();
      const entry = kept(key);
      if (entry) return Promise.resolve(entry.value);
      let pending = loading.get(key);
      if (!pending) {
        pending = fill(key, load);
        loading.set(key, pending);
        const settled = pending;
        const done = () => {
          if (loading.get(key) === settled) loading.delete(key);
        };
        settled.then(done, done);
      }
      return pending;
    },
  };
}
