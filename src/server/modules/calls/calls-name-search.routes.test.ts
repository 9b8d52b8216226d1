import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallListResponseSchema, CallStatsSchema } from '#shared/schemas/calls';
import { calls } from '../../db/schema/index';
import { createOtherPractice, type OtherPractice } from '../../test/other-practice';
import { parseResponse } from '../../test/parse-response';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { listStatement } from './calls.sql';
import { parseSearch } from './calls.service';

/**
 * A full name as staff type it (ADR 060): two words or more find the names that begin with them, folded (case
 * and accents), newest first, within the practice and the caller's scope; one word is still found anywhere.
 */
let t: TestApp;
let admin: string;
let frontDesk: string;
let other: OtherPractice;
let otherAdmin: string;
let practiceId: string;
const ids: Record<'plain' | 'unaccented' | 'longer' | 'middle' | 'otherPractice', string> = {
  plain: '',
  unaccented: '',
  longer: '',
  middle: '',
  otherPractice: '',
};

const get = (url: string, session: string) => t.app.inject({ method: 'GET', url, headers: bearer(session) });
const listIds = async (session: string, q: string, extra = '') =>
  (
    await parseResponse(
      await get(`/api/calls?q=${encodeURIComponent(q)}${extra}`, session),
      CallListResponseSchema,
    )
  ).calls.map((call) => call.id);

async function addCall(
  practice: string,
  customerName: string,
  hoursAgo: number,
  phoneNumberId: string | null,
): Promise<string> {
  const [row] = await t.database.db
    .insert(calls)
    .values({
      practiceId: practice,
      status: 'ended',
      type: 'inboundPhoneCall',
      customerName,
      customerNumber: '+12125550188',
      phoneNumberId,
      createdAt: new Date(t.clock.now().getTime() - hoursAgo * 3_600_000),
    })
    .returning({ id: calls.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  frontDesk = await t.asFrontDesk();
  other = await createOtherPractice(t);
  otherAdmin = await other.asAdmin();
  practiceId = (
    await t.database.db.execute<{ id: string }>(sql`select id from practices order by created_at, id limit 1`)
  ).rows[0]!.id;
  const assigned = (await get('/api/user-permissions', frontDesk)).json().data
    .assignedPhoneNumbers as string[];
  expect(assigned.length).toBeGreaterThan(0);
  ids.middle = await addCall(practiceId, 'Anaïs Zélie Brøndsted', 4, assigned[0]!);
  ids.plain = await addCall(practiceId, 'Zélie Brøndsted', 3, assigned[0]!);
  ids.unaccented = await addCall(practiceId, 'Zelie Brondsted', 2, null);
  ids.longer = await addCall(practiceId, 'Zélie Brøndsted-Weber', 1, assigned[0]!);
  ids.otherPractice = await addCall(other.id, 'Zélie Brøndsted', 1, null);
});
afterAll(() => t.close());

describe('searching calls by a full name', () => {
  it('finds the names that begin with it, whatever the case, accents and spaces typed, newest first', async () => {
    for (const q of ['Zélie Brøndsted', 'zelie brondsted', '  ZÉLIE   BRØNDSTED ', 'Zelie Brond']) {
      expect(await listIds(admin, q), q).toEqual([ids.longer, ids.unaccented, ids.plain]);
    }
    expect(await listIds(admin, 'Zélie Brøndsted-Weber')).toEqual([ids.longer]);
    expect(await listIds(admin, 'Brøndsted Zélie')).toEqual([]);
  });

  it('still finds one word anywhere in the name', async () => {
    for (const q of ['brøndsted', 'ZELIE', 'ndste']) {
      expect((await listIds(admin, q)).sort(), q).toEqual(
        [ids.middle, ids.plain, ids.unaccented, ids.longer].sort(),
      );
    }
  });

  it("keeps to the practice and to a sub user's numbers, in lists, pages and stats", async () => {
    expect(await listIds(otherAdmin, 'Zélie Brøndsted')).toEqual([ids.otherPractice]);
    expect(await listIds(otherAdmin, 'brøndsted')).toEqual([ids.otherPractice]);
    expect(await listIds(frontDesk, 'zelie brondsted')).toEqual([ids.longer, ids.plain]);

    const first = parseResponse(
      await get(`/api/calls?q=${encodeURIComponent('Zélie Brøndsted')}&limit=2`, admin),
      CallListResponseSchema,
    );
    expect(first.calls.map((call) => call.id)).toEqual([ids.longer, ids.unaccented]);
    expect(await listIds(admin, 'Zélie Brøndsted', `&limit=2&cursor=${first.nextCursor}`)).toEqual([
      ids.plain,
    ]);

    const stats = parseResponse(
      await get(`/api/calls/stats?q=${encodeURIComponent('zélie brøndsted')}`, admin),
      CallStatsSchema,
    );
    expect(stats.total).toBe(3);
  });

  it('samples the folded names widely (migration 0027), so a common fragment is not taken for a rare one', async () => {
    const { rows } = await t.database.pool.query<{ target: number }>(
      `select attstattarget::int as target from pg_attribute
       where attrelid = 'calls'::regclass and attname = 'customer_name_folded'`,
    );
    expect(rows).toEqual([{ target: 1000 }]);
  });

  it('is a range of calls_customer_name_prefix_idx (migration 0026), read from the index alone', async () => {
    const statement = listStatement({ practiceId, scope: null, search: parseSearch('Zélie Brøndsted') }, 50);
    const client = await t.database.pool.connect();
    try {
      await client.query('analyze calls');
      await client.query('begin');
      // On a test database this small a sequential scan is as good as any; the plan PostgreSQL can make is the point.
      await client.query('set local enable_seqscan = off');
      await client.query('set local enable_bitmapscan = off');
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `explain (costs off) ${statement.text}`,
        statement.values,
      );
      const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(text).toContain('Index Only Scan using calls_customer_name_prefix_idx');
      expect(text).toMatch(/customer_name_folded ~>=~ 'zelie brondsted'/);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});
