import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditListResponseSchema } from '#shared/schemas/audit';
import { UserResponseSchema } from '#shared/schemas/users';
import { auditEvents, users } from '../../db/schema/index';
import { createOtherPractice, type OtherPractice } from '../../test/other-practice';
import { parseResponse } from '../../test/parse-response';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

/** Issue 22: a practice's audit log holds its own entries only. */
let t: TestApp;
let other: OtherPractice;
let admin: string;
let otherAdmin: string;
let otherAdminId: string;
/** A user each practice's admin created (an audited change). */
let ourUser: string;
let theirUser: string;

function newUser(session: string) {
  const suffix = randomBytes(4).toString('hex');
  return t.app.inject({
    method: 'POST',
    url: '/api/users/atomic',
    headers: bearer(session),
    payload: {
      user: {
        name: `Audit ${suffix}`,
        email: `audit-${suffix}@example.com`,
        username: `audit-${suffix}`,
        password: 'a-long-password-9',
        role: 'sub',
      },
      permissions: {},
      phoneNumberIds: [],
      connectorIds: [],
      assistantIds: [],
    },
  });
}

const list = async (session: string, query = '') =>
  parseResponse(
    await t.app.inject({
      method: 'GET',
      url: `/api/audit-events?limit=100${query}`,
      headers: bearer(session),
    }),
    AuditListResponseSchema,
  ).events;

beforeAll(async () => {
  t = await createTestApp();
  other = await createOtherPractice(t);
  admin = await t.asAdmin();
  otherAdmin = await other.asAdmin();
  const [row] = await t.database.db.select().from(users).where(eq(users.email, other.adminEmail));
  otherAdminId = row!.id;
  ourUser = parseResponse(await newUser(admin), UserResponseSchema).user.id;
  theirUser = parseResponse(await newUser(otherAdmin), UserResponseSchema).user.id;
  await t.auditOf(theirUser, (entries) => entries.length > 0);
  await t.auditOf(ourUser, (entries) => entries.length > 0);
});
afterAll(() => t?.close());

describe('the audit log of two practices', () => {
  it("GET /api/audit-events shows the caller's practice's entries only", async () => {
    const mine = await list(admin);
    expect(mine.some((event) => event.resourceId === ourUser)).toBe(true);
    expect(mine.some((event) => event.resourceId === theirUser)).toBe(false);
    expect(mine.some((event) => event.actorUserId === otherAdminId)).toBe(false);

    const theirs = await list(otherAdmin);
    expect(theirs.some((event) => event.resourceId === theirUser)).toBe(true);
    expect(theirs.some((event) => event.resourceId === ourUser)).toBe(false);
    // Their admin's sign-in is theirs (the entry names the actor, whose practice it is).
    expect(theirs.some((event) => event.action === 'auth.login' && event.actorUserId === otherAdminId)).toBe(
      true,
    );
    expect(theirs.every((event) => event.actorUserId === otherAdminId || event.actorUserId === null)).toBe(
      true,
    );
  });

  it("filtering by another practice's user finds nothing", async () => {
    expect(await list(admin, `&userId=${otherAdminId}`)).toEqual([]);
  });

  it("the CSV export holds the caller's practice's entries only", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/audit-events/export',
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(ourUser);
    expect(response.body).not.toContain(theirUser);
    expect(response.body).not.toContain(otherAdminId);
  });

  it('stores each entry with its practice', async () => {
    const [theirEntry] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.resourceId, theirUser));
    expect(theirEntry!.practiceId).toBe(other.id);
  });
});
