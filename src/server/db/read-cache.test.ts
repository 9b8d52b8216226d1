import { describe, expect, it } from 'vitest';
import type { ChangeListener, TableChanges } from './changes';
import { statementEffect } from './changes';
import { createReadCache, withinTransaction } from './read-cache';
import { calls } from './schema/index';

function fakeChanges(live = true) {
  const listeners = new Set<ChangeListener>();
  const changes: TableChanges & { live: boolean; emit(tables: string[] | null): void } = {
    live,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit: (tables) => listeners.forEach((l) => l(tables && new Set(tables))),
  };
  return changes;
}

function counter() {
  let loads = 0;
  return {
    load: async () => ++loads,
    get loads() {
      return loads;
    },
  };
}

describe('read cache', () => {
  it('answers from memory until a table it reads from changes', async () => {
    const changes = fakeChanges();
    const cache = createReadCache<number>(changes, [calls]);
    const source = counter();
    expect(await cache.get('k', source.load)).toBe(1);
    expect(await cache.get('k', source.load)).toBe(1);
    changes.emit(['appointments']);
    expect(await cache.get('k', source.load)).toBe(1);
    changes.emit(['audit_events', 'calls']);
    expect(await cache.get('k', source.load)).toBe(2);
    changes.emit(null);
    expect(await cache.get('k', source.load)).toBe(3);
  });

  it('does not keep a value read while a change came in', async () => {
    const changes = fakeChanges();
    const cache = createReadCache<number>(changes, [calls]);
    const source = counter();
    expect(
      await cache.get('k', async () => {
        changes.emit(['calls']);
        return 0;
      }),
    ).toBe(0);
    expect(await cache.get('k', source.load)).toBe(1);
  });

  it('reads through while the feed is down or missing, and never keeps "not found"', async () => {
    const down = fakeChanges(false);
    const source = counter();
    const cache = createReadCache<number>(down, [calls]);
    await cache.get('k', source.load);
    await cache.get('k', source.load);
    expect(source.loads).toBe(2);
    const none = createReadCache<number>(undefined, [calls]);
    await none.get('k', source.load);
    expect(source.loads).toBe(3);
    let misses = 0;
    const missing = createReadCache<undefined>(fakeChanges(), [calls]);
    await missing.get('k', async () => void misses++);
    await missing.get('k', async () => void misses++);
    expect(misses).toBe(2);
  });

  it('with keepMisses, keeps "not found" until a table it reads from changes (ADR 061)', async () => {
    const changes = fakeChanges();
    const cache = createReadCache<number | undefined>(changes, [calls], { keepMisses: true });
    let loads = 0;
    const stored: { value?: number } = {};
    const load = async () => (loads++, stored.value);
    expect(await cache.get('k', load)).toBeUndefined();
    expect(await cache.get('k', load)).toBeUndefined();
    expect(loads).toBe(1);
    stored.value = 7;
    changes.emit(['calls']);
    expect(await cache.get('k', load)).toBe(7);
    expect(loads).toBe(2);
    expect(await cache.peek('k', load)).toBe(7);
    const down = createReadCache<undefined>(fakeChanges(false), [calls], { keepMisses: true });
    await down.get('k', async () => void loads++);
    await down.get('k', async () => void loads++);
    expect(loads).toBe(4);
  });

  it('shares one load between concurrent readers of a key', async () => {
    const cache = createReadCache<number>(fakeChanges(), [calls]);
    const source = counter();
    const values = await Promise.all([cache.get('k', source.load), cache.get('k', source.load)]);
    expect(values).toEqual([1, 1]);
    expect(source.loads).toBe(1);
  });

  it('inside a transaction: kept values are used, but a load is never shared nor kept (ADR 038)', async () => {
    const shared = createReadCache<number>(fakeChanges(), [calls]);
    const { cache } = withinTransaction({ cache: shared });
    const source = counter();
    expect(await shared.get('kept', source.load)).toBe(1);
    expect(await cache.get('kept', source.load)).toBe(1);

    // A load on the pool is under way (maybe waiting for a connection): the transaction does not wait for it.
    let finishPoolLoad!: (value: number) => void;
    const onPool = shared.get('k', () => new Promise<number>((resolve) => (finishPoolLoad = resolve)));
    expect(await cache.get('k', source.load)).toBe(2);
    // Nor does a pool reader get what a transaction read.
    const inTransaction = cache.get('other', () => new Promise<number>(() => undefined));
    expect(await shared.get('other', source.load)).toBe(3);
    finishPoolLoad(0);
    expect(await onPool).toBe(0);
    void inTransaction;
    expect(await cache.get('k', source.load)).toBe(0);
    expect(source.loads).toBe(3);
  });

  it('keeps at most `max` entries and none older than `maxAgeMs`', async () => {
    const source = counter();
    const small = createReadCache<number>(fakeChanges(), [calls], { max: 2 });
    await small.get('a', source.load);
    await small.get('b', source.load);
    await small.get('c', source.load);
    expect(await small.get('a', source.load)).toBe(4);
    expect(await small.get('c', source.load)).toBe(3);
    const brief = createReadCache<number>(fakeChanges(), [calls], { maxAgeMs: 0 });
    expect(await brief.get('a', source.load)).toBe(5);
    expect(await brief.get('a', source.load)).toBe(6);
  });
});

describe('statement effects', () => {
  it('finds transaction boundaries and the tables a statement writes', () => {
    expect(statementEffect('begin')).toBe('begin');
    expect(statementEffect('COMMIT')).toBe('commit');
    expect(statementEffect('rollback')).toBe('rollback');
    expect(statementEffect('rollback to savepoint sp1')).toBeNull();
    expect(statementEffect('select * from "calls" where id = $1')).toBeNull();
    expect(statementEffect('insert into "appointments" ("id") values ($1)')).toEqual(['appointments']);
    expect(statementEffect('update "sessions" set "last_used_at" = $1')).toEqual(['sessions']);
    expect(statementEffect('delete from public.patients where id = $1')).toEqual(['patients']);
    expect(
      statementEffect(
        'with gone as (delete from "user_connectors" where user_id = $1) insert into user_connectors values ($1)',
      ),
    ).toEqual(['user_connectors', 'user_connectors']);
  });
});
