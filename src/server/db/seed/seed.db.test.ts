import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../lib/passwords';
import { createTestApp, type TestApp } from '../../test/test-app';
import { users } from '../schema/index';
import { ensureAdmin } from './bootstrap-admin';
import { DEMO_CALL_COUNT, seedDemoPractice } from './demo-practice';
import { DEMO_OUTBOUND } from './voice-data';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const count = async (table: string) =>
  (await t.database.pool.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;

describe('the demo practice seed', () => {
  it('seeds an empty database once and is a no-op after that', async () => {
    expect(await seedDemoPractice(t.database.db)).toBe(true);
    const before = { users: await count('users'), calls: await count('calls') };
    expect(await seedDemoPractice(t.database.db)).toBe(false);
    expect({ users: await count('users'), calls: await count('calls') }).toEqual(before);
  });

  it('holds realistic voice data', async () => {
    expect(await count('assistants')).toBeGreaterThanOrEqual(3);
    expect(await count('workflows')).toBeGreaterThanOrEqual(2);
    expect(await count('phone_numbers')).toBeGreaterThanOrEqual(3);
    expect(await count('calls')).toBe(DEMO_CALL_COUNT);
    const { rows } = await t.database.pool.query<{
      types: number;
      statuses: number;
      reasons: number;
      oldest_days: number;
    }>(`
      select count(distinct type)::int as types, count(distinct status)::int as statuses,
             count(distinct ended_reason)::int as reasons,
             extract(day from now() - min(created_at))::int as oldest_days
      from calls`);
    expect(rows[0]!.types).toBeGreaterThanOrEqual(2);
    expect(rows[0]!.statuses).toBeGreaterThanOrEqual(2);
    expect(rows[0]!.reasons).toBeGreaterThanOrEqual(4);
    expect(rows[0]!.oldest_days).toBeLessThanOrEqual(30);
    const transcript = await t.database.pool.query<{ transcript: string }>(
      `select transcript from calls where transcript is not null limit 1`,
    );
    expect(transcript.rows[0]!.transcript.split('\n').every((line) => /^(AI|User): /.test(line))).toBe(true);
  });

  it('sets up the reminder and confirmation calls with the outbound assistant and number', async () => {
    const { rows } = await t.database.pool.query<{ type: string; assistant: string; number: string }>(`
      select t.key as type, a.name as assistant, p.name as number
      from outbound_settings s, jsonb_each(s.settings->'callTypes') t
      left join assistants a on a.id = (t.value->>'assistantId')::uuid
      left join phone_numbers p on p.id = (t.value->>'phoneNumberId')::uuid
      where (t.value->>'automatic')::boolean
      order by t.key`);
    expect(rows).toEqual([
      { type: 'confirmation', assistant: DEMO_OUTBOUND.assistant, number: DEMO_OUTBOUND.phoneNumber },
      { type: 'reminder', assistant: DEMO_OUTBOUND.assistant, number: DEMO_OUTBOUND.phoneNumber },
    ]);
  });

  it('creates the ADMIN_EMAIL admin once, with a working password', async () => {
    expect(await ensureAdmin(t.database.db, 'Owner@Practice.com', 'correct horse battery')).toBe(true);
    expect(await ensureAdmin(t.database.db, 'owner@practice.com', 'another password')).toBe(false);
    // A new admin's password passes the policy (ADR 047); an existing admin's is never checked again.
    await expect(ensureAdmin(t.database.db, 'new-owner@practice.com', 'short')).rejects.toThrow(
      'ADMIN_PASSWORD: Password must be at least 10 characters',
    );
    await expect(
      ensureAdmin(t.database.db, 'new-owner@practice.com', 'new-owner@practice.com'),
    ).rejects.toThrow('ADMIN_PASSWORD: The password must not be the e-mail address or the username.');
    expect(await ensureAdmin(t.database.db, 'owner@practice.com', 'short')).toBe(false);
    const [owner] = await t.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = 'owner@practice.com'`);
    expect(owner?.role).toBe('admin');
    expect(await verifyPassword(owner?.passwordHash, 'correct horse battery')).toBe(true);
  });
});
