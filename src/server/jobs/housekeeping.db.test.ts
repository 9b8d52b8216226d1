import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstPracticeId } from '../test/practice-number';
import { createTestApp, type TestApp } from '../test/test-app';
import { runHousekeeping } from './housekeeping';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async (sql: string) => Number((await t.database.pool.query(sql)).rows[0].n);

describe('housekeeping', () => {
  it('deletes old failed sign-in attempts, successful ones after 90 days, long-ended sessions, old idempotency keys and sandbox placements, and keeps the rest', async () => {
    await t.asAdmin();
    const pool = t.database.pool;
    const practiceId = await firstPracticeId(t);
    await pool.query(`insert into login_attempts (email, client_address, succeeded, created_at)
      values ('old@example.com', '10.0.0.1', false, now() - interval '2 days'),
             ('new@example.com', '10.0.0.1', false, now()),
             ('known@example.com', '10.0.0.1', true, now() - interval '30 days'),
             ('forgotten@example.com', '10.0.0.1', true, now() - interval '91 days')`);
    await pool.query(`insert into sessions (id_hash, user_id, created_at, last_used_at, expires_at)
      select 'long-expired', id, now() - interval '3 days', now() - interval '3 days', now() - interval '2 days'
      from users limit 1`);
    await pool.query(`insert into sessions (id_hash, user_id, created_at, last_used_at, expires_at)
      select 'idle-long-ago', id, now() - interval '2 days', now() - interval '2 days', now() + interval '1 day'
      from users limit 1`);
    await pool.query(
      `insert into idempotency_keys (practice_id, key, created_at)
      values ($1, 'tool:old', now() - interval '8 days'), ($1, 'tool:new', now())`,
      [practiceId],
    );
    await pool.query(
      `insert into sandbox_outbound_placements (practice_id, placement_key, call_id, request, created_at)
      values ($1, 'old:1', 'sandbox-old', '{"number":"+12125550100"}', now() - interval '8 days'),
             ($1, 'new:1', 'sandbox-new', '{"number":"+12125550100"}', now())`,
      [practiceId],
    );
    const sessionsBefore = await count('select count(*) as n from sessions');

    const result = await runHousekeeping(t.database.db, 30);

    expect(result).toEqual({ loginAttempts: 2, sessions: 2, idempotencyKeys: 1, sandboxPlacements: 1 });
    expect(await count(`select count(*) as n from login_attempts where email = 'new@example.com'`)).toBe(1);
    expect(await count(`select count(*) as n from login_attempts where email = 'known@example.com'`)).toBe(1);
    expect(await count('select count(*) as n from sessions')).toBe(sessionsBefore - 2);
    expect(await count(`select count(*) as n from idempotency_keys where key = 'tool:new'`)).toBe(1);
    expect(
      await count(`select count(*) as n from sandbox_outbound_placements where placement_key = 'new:1'`),
    ).toBe(1);
    expect(await runHousekeeping(t.database.db, 30)).toEqual({
      loginAttempts: 0,
      sessions: 0,
      idempotencyKeys: 0,
      sandboxPlacements: 0,
    });
  });
});
