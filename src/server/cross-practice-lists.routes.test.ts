import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from './db/schema/index';
import { DEMO_VET_ADMIN } from './db/seed/demo-logins';
import { bearer, createTestApp, type TestApp } from './test/test-app';

/**
 * Issue 22: no list shows another practice's rows. Both demo practices hold data in every table; the
 * veterinary practice's admin reads every GET route that takes no id, and no id or phone number of the other
 * practice's rows may appear in any answer (names are left out: two practices may well share a first name).
 */

let t: TestApp;
let vetPracticeId: string;
let demoValues: string[];

beforeAll(async () => {
  t = await createTestApp();
  const [vetAdmin] = await t.database.db.select().from(users).where(eq(users.email, DEMO_VET_ADMIN.email));
  vetPracticeId = vetAdmin!.practiceId!;
  const owned = await t.database.pool.query<{ table_name: string; column_name: string }>(
    `select c.table_name, c.column_name from information_schema.columns c
     where c.table_schema = 'public'
       and c.column_name in ('id', 'number', 'phone', 'phone_number', 'customer_number', 'provider_id')
       and exists (select 1 from information_schema.columns p where p.table_schema = 'public'
                   and p.table_name = c.table_name and p.column_name = 'practice_id')`,
  );
  const values = new Set<string>();
  for (const { table_name, column_name } of owned.rows) {
    const rows = await t.database.pool.query<{ value: string | null }>(
      `select "${column_name}"::text as value from "${table_name}" where practice_id <> $1`,
      [vetPracticeId],
    );
    for (const { value } of rows.rows) if (value && value.length >= 6) values.add(value);
  }
  demoValues = [...values];
});
afterAll(() => t.close());

it('holds demo data to look for', () => {
  expect(demoValues.length).toBeGreaterThan(50);
});

it("shows none of the demo practice's rows to another practice's admin, on any list", async () => {
  const session = await t.login(DEMO_VET_ADMIN.email, DEMO_VET_ADMIN.password);
  const lists = t.app.registeredRoutes.filter(
    (route) => route.method === 'GET' && route.url.startsWith('/api/') && !route.url.includes(':'),
  );
  expect(lists.length).toBeGreaterThan(15);
  const leaks: string[] = [];
  for (const route of lists) {
    const response = await t.app.inject({ method: 'GET', url: route.url, headers: bearer(session) });
    const body = response.body;
    const seen = demoValues.filter((value) => body.includes(value));
    if (seen.length) leaks.push(`${route.url} (${response.statusCode}): ${seen.join(' | ')}`);
  }
  expect(leaks).toEqual([]);
});
