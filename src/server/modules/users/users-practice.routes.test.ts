import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  USER_MESSAGES,
  UserListResponseSchema,
  UserPhoneNumbersResponseSchema,
  UserResponseSchema,
} from '#shared/schemas/users';
import {
  assistants,
  connectors,
  phoneNumbers,
  userConnectors,
  userPermissions,
  userPhoneNumbers,
  users,
} from '../../db/schema/index';
import { createOtherPractice, type OtherPractice } from '../../test/other-practice';
import { parseResponse } from '../../test/parse-response';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { createUsersRepo } from './users.repo';

/** Issue 22: a practice's admin manages the practice's users only; another practice's are not found. */
let t: TestApp;
let other: OtherPractice;
let admin: string;
let otherAdmin: string;
/** Rows of the other practice: a user with assignments, and a number, a linked account and an assistant. */
let theirs: { user: string; phoneNumber: string; connector: string; assistant: string };
/** The demo practice's own number and linked account. */
let ours: { phoneNumber: string; connector: string };

const call = (session: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(session) });

const body = (label: string, assignments: Partial<Record<string, string[]>> = {}) => {
  const suffix = randomBytes(4).toString('hex');
  return {
    user: {
      name: `${label} ${suffix}`,
      email: `${label}-${suffix}@example.com`,
      username: `${label}-${suffix}`,
      password: 'a-long-password-9',
      role: 'sub',
      isActive: true,
    },
    permissions: { canCallLogs: true },
    phoneNumberIds: [],
    connectorIds: [],
    assistantIds: [],
    ...assignments,
  };
};

/** A copy of one of the demo practice's rows, owned by the other practice. */
async function copyInto<T extends { id: string; practiceId: string }>(rows: T[], changes: Partial<T> = {}) {
  const { id: _id, ...row } = rows[0]!;
  return { ...row, practiceId: other.id, ...changes };
}

beforeAll(async () => {
  t = await createTestApp();
  other = await createOtherPractice(t);
  admin = await t.asAdmin();
  otherAdmin = await other.asAdmin();
  const db = t.database.db;
  const demoNumbers = await db.select().from(phoneNumbers);
  const demoConnectors = await db.select().from(connectors);
  const demoAssistants = await db.select().from(assistants);
  ours = { phoneNumber: demoNumbers[0]!.id, connector: demoConnectors[0]!.id };
  const [number] = await db
    .insert(phoneNumbers)
    .values(await copyInto(demoNumbers, { number: '+15125550199', providerId: null, assistantId: null }))
    .returning();
  const [connector] = await db
    .insert(connectors)
    .values(await copyInto(demoConnectors))
    .returning();
  const [assistant] = await db
    .insert(assistants)
    .values(await copyInto(demoAssistants, { providerId: null } as never))
    .returning();
  const created = parseResponse(
    await call(
      otherAdmin,
      'POST',
      '/api/users/atomic',
      body('vet', {
        phoneNumberIds: [number!.id],
        connectorIds: [connector!.id],
        assistantIds: [assistant!.id],
      }),
    ),
    UserResponseSchema,
  ).user;
  theirs = { user: created.id, phoneNumber: number!.id, connector: connector!.id, assistant: assistant!.id };
});
afterAll(() => t?.close());

describe('users of two practices', () => {
  it("a new user, their permissions and assignments belong to the creator's practice", async () => {
    const db = t.database.db;
    const [user] = await db.select().from(users).where(eq(users.id, theirs.user));
    expect(user!.practiceId).toBe(other.id);
    const [permissions] = await db
      .select()
      .from(userPermissions)
      .where(eq(userPermissions.userId, theirs.user));
    expect(permissions!.practiceId).toBe(other.id);
    const [link] = await db.select().from(userConnectors).where(eq(userConnectors.userId, theirs.user));
    expect(link!.practiceId).toBe(other.id);
    const [number] = await db.select().from(userPhoneNumbers).where(eq(userPhoneNumbers.userId, theirs.user));
    expect(number!.practiceId).toBe(other.id);
  });

  it("GET /api/users lists the caller's practice only", async () => {
    const mine = parseResponse(await call(admin, 'GET', '/api/users'), UserListResponseSchema).users;
    expect(mine.map((user) => user.id)).not.toContain(theirs.user);
    expect(mine.map((user) => user.email)).not.toContain(other.adminEmail);
    const theirList = parseResponse(
      await call(otherAdmin, 'GET', '/api/users'),
      UserListResponseSchema,
    ).users;
    expect(theirList.map((user) => user.email).sort()).toEqual(
      [other.adminEmail, await emailOf(theirs.user)].sort(),
    );
  });

  it.each([
    ['GET', 'permissions'],
    ['GET', 'phone-numbers'],
    ['GET', 'linked-accounts'],
    ['GET', 'assistants'],
  ] as const)("%s /api/users/:id/%s of another practice's user is 404", async (method, path) => {
    const response = await call(admin, method, `/api/users/${theirs.user}/${path}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(USER_MESSAGES.notFound);
    // Their own admin still reads it.
    expect((await call(otherAdmin, method, `/api/users/${theirs.user}/${path}`)).statusCode).toBe(200);
  });

  it("PUT and DELETE of another practice's user are 404 and change nothing", async () => {
    const before = await t.database.db.select().from(users).where(eq(users.id, theirs.user));
    const update = body('hijack');
    const put = await call(admin, 'PUT', `/api/users/${theirs.user}/atomic`, {
      ...update,
      user: { ...update.user, password: '' },
    });
    expect(put.statusCode).toBe(404);
    const remove = await call(admin, 'DELETE', `/api/users/${theirs.user}`);
    expect(remove.statusCode).toBe(404);
    expect(await t.database.db.select().from(users).where(eq(users.id, theirs.user))).toEqual(before);
  });

  it.each([
    ['phoneNumberIds', () => theirs.phoneNumber],
    ['connectorIds', () => theirs.connector],
    ['assistantIds', () => theirs.assistant],
  ] as const)("another practice's %s cannot be assigned (400), and nothing is written", async (kind, id) => {
    const count = (await t.database.db.select().from(users)).length;
    const response = await call(admin, 'POST', '/api/users/atomic', body('assign', { [kind]: [id()] }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty(kind);
    expect((await t.database.db.select().from(users)).length).toBe(count);
  });

  it("the other practice's assignments never list ours, and ours theirs", async () => {
    const response = await call(
      otherAdmin,
      'POST',
      '/api/users/atomic',
      body('mixed', { phoneNumberIds: [ours.phoneNumber] }),
    );
    expect(response.statusCode).toBe(400);
    const listed = parseResponse(
      await call(otherAdmin, 'GET', `/api/users/${theirs.user}/phone-numbers`),
      UserPhoneNumbersResponseSchema,
    );
    expect(listed.phoneNumbers.map((row) => row.id)).toEqual([theirs.phoneNumber]);
  });

  it("counts the practice's own admins for the last-admin rule", async () => {
    const repo = createUsersRepo(t.database.db);
    const [theirAdmin] = await t.database.db.select().from(users).where(eq(users.email, other.adminEmail));
    // The demo practice has active admins, but they are not the other practice's.
    const count = await repo.transaction((tx) => repo.countOtherActiveAdmins(other.id, tx, theirAdmin!.id));
    expect(count).toBe(0);
  });
});

async function emailOf(id: string) {
  const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, id));
  return row!.email;
}
