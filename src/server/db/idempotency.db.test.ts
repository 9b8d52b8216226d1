import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { createIdempotency, fingerprint, IdempotencyKeyReusedError } from './idempotency';
import { idempotencyKeys, phoneMappings } from './schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
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
    expect(await once.outside('o-1', { x: 1 }, work)).toEqual({ n: 1 });
    expect(await once.outside('o-1', { x: 1 }, work)).toEqual({ n: 1 });
    await expect(once.outside('o-1', { x: 2 }, work)).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    expect(runs).toBe(1);

    await expect(
      once.outside('o-2', {}, async () => {
        throw new Error('vendor down');
      }),
    ).rejects.toThrow('vendor down');
    expect(await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'o-2'))).toEqual(
      [],
    );
    expect(await once.outside('o-2', {}, work)).toEqual({ n: 2 });
  });

  it('inTransaction: a failure rolls back the work with the claim; the retry does it once', async () => {
    const once = createIdempotency(t.database.db);
    const mappings = () => t.database.db.select().from(phoneMappings);
    await expect(
      once.inTransaction('t-1', {}, async (tx) => {
        await tx.insert(phoneMappings).values({ phoneNumber: '+12125550100', connectorId: 'sandbox' });
        throw new Error('crash');
      }),
    ).rejects.toThrow('crash');
    expect(await mappings()).toEqual([]);

    const write = (tx: Parameters<Parameters<typeof once.inTransaction>[2]>[0]) =>
      tx
        .insert(phoneMappings)
        .values({ phoneNumber: '+12125550100', connectorId: 'sandbox' })
        .returning({ id: phoneMappings.phoneNumber });
    const [a, b] = await Promise.all([
      once.inTransaction('t-1', {}, async (tx) => (await write(tx))[0]!.id),
      once.inTransaction('t-1', {}, async (tx) => (await write(tx))[0]!.id),
    ]);
    expect(a).toBe(b);
    expect(await mappings()).toHaveLength(1);
  });
});
