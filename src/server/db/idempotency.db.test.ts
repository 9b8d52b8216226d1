import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { createIdempotency, fingerprint, IdempotencyKeyReusedError } from './idempotency';
import { idempotencyKeys, phoneMappings, practices } from './schema/index';

let t: TestApp;
let practiceA: string;
let practiceB: string;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const rows = await t.database.db
    .insert(practices)
    .values([
      { name: 'Practice A', practiceType: 'dental-practices' },
      { name: 'Practice B', practiceType: 'dental-practices' },
    ])
    .returning({ id: practices.id });
  [practiceA, practiceB] = rows.map((r) => r.id) as [string, string];
});
afterAll(() => t.close());

describe('idempotency keys', () => {
  it('fingerprints a request whatever the order of its keys', () => {
    expect(fingerprint({ a: 1, b: { c: 2, d: [1, 2] } })).toBe(fingerprint({ b: { d: [1, 2], c: 2 }, a: 1 }));
    expect(fingerprint({ a: 1 })).not.toBe(fingerprint({ a: 2 }));
  });

  it('outside: runs once per key, refuses another request under it, and releases the key on failure', async () => {
    const once = createIdempotency(t.database.db);
    let runs = 0;
    const work = async () => ({ n: ++runs });
    expect(await once.outside(practiceA, 'o-1', { x: 1 }, work)).toEqual({ n: 1 });
    expect(await once.outside(practiceA, 'o-1', { x: 1 }, work)).toEqual({ n: 1 });
    await expect(once.outside(practiceA, 'o-1', { x: 2 }, work)).rejects.toBeInstanceOf(
      IdempotencyKeyReusedError,
    );
    expect(runs).toBe(1);

    await expect(
      once.outside(practiceA, 'o-2', {}, async () => {
        throw new Error('vendor down');
      }),
    ).rejects.toThrow('vendor down');
    expect(await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'o-2'))).toEqual(
      [],
    );
    expect(await once.outside(practiceA, 'o-2', {}, work)).toEqual({ n: 2 });
  });

  it('inTransaction: a failure rolls back the work with the claim; the retry does it once', async () => {
    const once = createIdempotency(t.database.db);
    const mappings = () => t.database.db.select().from(phoneMappings);
    await expect(
      once.inTransaction(practiceA, 't-1', {}, async (tx) => {
        await tx
          .insert(phoneMappings)
          .values({ practiceId: practiceA, phoneNumber: '+12125550100', connectorId: 'sandbox' });
        throw new Error('crash');
      }),
    ).rejects.toThrow('crash');
    expect(await mappings()).toEqual([]);

    const write = (tx: Parameters<Parameters<typeof once.inTransaction>[3]>[0]) =>
      tx
        .insert(phoneMappings)
        .values({ practiceId: practiceA, phoneNumber: '+12125550100', connectorId: 'sandbox' })
        .returning({ id: phoneMappings.phoneNumber });
    const [a, b] = await Promise.all([
      once.inTransaction(practiceA, 't-1', {}, async (tx) => (await write(tx))[0]!.id),
      once.inTransaction(practiceA, 't-1', {}, async (tx) => (await write(tx))[0]!.id),
    ]);
    expect(a).toBe(b);
    expect(await mappings()).toHaveLength(1);
  });

  it("keeps keys per practice: the key practice A used runs anew for practice B, never with A's result", async () => {
    const once = createIdempotency(t.database.db);
    const work = (who: string) => async () => ({ who });
    expect(await once.outside(practiceA, 'shared-key', { x: 1 }, work('a'))).toEqual({ who: 'a' });
    // Another request under the same key is not "reused" for B: it is B's own first use.
    expect(await once.outside(practiceB, 'shared-key', { x: 2 }, work('b'))).toEqual({ who: 'b' });
    expect(await once.outside(practiceA, 'shared-key', { x: 1 }, work('again'))).toEqual({ who: 'a' });
    expect(await once.outside(practiceB, 'shared-key', { x: 2 }, work('again'))).toEqual({ who: 'b' });

    const inTx = (practiceId: string, who: string) =>
      once.inTransaction(practiceId, 'shared-tx-key', {}, async () => ({ who }));
    expect(await inTx(practiceA, 'a')).toEqual({ who: 'a' });
    expect(await inTx(practiceB, 'b')).toEqual({ who: 'b' });
    expect(await inTx(practiceB, 'again')).toEqual({ who: 'b' });
    const stored = await t.database.db
      .select({ practiceId: idempotencyKeys.practiceId })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'shared-tx-key'));
    expect(stored.map((r) => r.practiceId).sort()).toEqual([practiceA, practiceB].sort());
  });
});
