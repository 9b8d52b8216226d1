import { getTableName, type Table } from 'drizzle-orm';
import type { TableChanges } from './changes';

/**
 * Query results kept in memory until one of the tables they were read from changes (ADR 022). Without a
 * change feed (or while it is down) every read goes to the database. Values are shared between requests:
 * callers must not mutate them. `undefined` (nothing found) is never kept: anyone can ask for what is not there.
 */
export interface ReadCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
}

export interface ReadCacheOptions {
  /** Entries kept; the oldest go first. */
  max?: number;
  /** A bound on staleness should a change ever go unheard. */
  maxAgeMs?: number;
}

/** Every table some read cache depends on: each needs the change trigger (tested in changes.db.test.ts). */
export const cachedTables = new Set<string>();

export function createReadCache<V>(
  changes: TableChanges | undefined,
  dependsOn: readonly Table[],
  { max = 500, maxAgeMs = 60_000 }: ReadCacheOptions = {},
): ReadCache<V> {
  const tables = dependsOn.map((table) => getTableName(table));
  for (const table of tables) cachedTables.add(table);
  if (!changes) return { get: (_key, load) => load() };
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
    if (value !== undefined && started === generation && changes!.live) {
      entries.delete(key);
      if (entries.size >= max) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, at });
    }
    return value;
  }

  return {
    get(key, load) {
      if (!changes.live) return load();
      const entry = entries.get(key);
      if (entry && performance.now() - entry.at < maxAgeMs) return Promise.resolve(entry.value);
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
