import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistants, outboundCalls, phoneNumbers } from '../../db/schema/index';
import { firstPracticeId } from '../../test/practice-number';
import { createTestApp, type TestApp } from '../../test/test-app';

// The migration must build its index on a database that already holds the duplicates issue 19 found.
const DRIZZLE = path.join(import.meta.dirname, '../../../../drizzle');
const MIGRATION = path.join(
  DRIZZLE,
  readdirSync(DRIZZLE).find((f) => f.endsWith('_outbound-one-open-call.sql'))!,
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the migration outbound-one-open-call (one open outbound call per patient and type)', () => {
  it('closes calls queued twice, keeping the placed one, else the oldest, then builds the index', async () => {
    const db = t.database.db;
    await db.execute(sql`drop index outbound_calls_one_open_idx`);
    const practiceId = await firstPracticeId(t);
    const [assistant] = await db.select().from(assistants).where(eq(assistants.practiceId, practiceId));
    const [number] = await db.select().from(phoneNumbers).where(eq(phoneNumbers.practiceId, practiceId));
    const call = (patientId: string, status: 'pending' | 'calling' | 'completed', minute: number) => ({
      practiceId,
      patientId,
      patientName: patientId,
      phoneNumber: '+12125550123',
      callType: 'reminder' as const,
      status,
      assistantId: assistant!.id,
      phoneNumberId: number!.id,
      createdAt: new Date(Date.UTC(2030, 0, 1, 9, minute)),
    });
    await db
      .insert(outboundCalls)
      .values([
        call('twice', 'pending', 1),
        call('twice', 'pending', 2),
        call('twice', 'completed', 0),
        call('placed', 'pending', 1),
        call('placed', 'calling', 2),
        call('once', 'pending', 3),
      ]);
    for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) {
      await db.execute(sql.raw(statement));
    }
    const rows = await db
      .select({ patientId: outboundCalls.patientId, status: outboundCalls.status })
      .from(outboundCalls)
      .orderBy(asc(outboundCalls.patientId), asc(outboundCalls.createdAt));
    expect(rows).toEqual([
      { patientId: 'once', status: 'pending' },
      { patientId: 'placed', status: 'failed' },
      { patientId: 'placed', status: 'calling' },
      { patientId: 'twice', status: 'completed' },
      { patientId: 'twice', status: 'pending' },
      { patientId: 'twice', status: 'failed' },
    ]);
    await expect(db.insert(outboundCalls).values(call('once', 'pending', 4))).rejects.toThrow();
  });
});
