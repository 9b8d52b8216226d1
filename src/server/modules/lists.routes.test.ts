import { eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, phoneNumbers, userPermissions, users } from '../db/schema/index';
import { DEMO_CALL_COUNT, DEMO_FRONT_DESK } from '../db/seed/demo-practice';
import { bearer, createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let admin: string;
let frontDesk: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  frontDesk = await t.asFrontDesk();
});
afterAll(() => t.close());

const get = async (url: string, sessionId: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(sessionId) });
  expect(response.statusCode, url).toBe(200);
  return response.json();
};

describe('the four Overview lists', () => {
  it('give an admin everything seeded', async () => {
    expect((await get('/api/assistants', admin)).assistants).toHaveLength(3);
    expect((await get('/api/workflows', admin)).workflows).toHaveLength(2);
    expect((await get('/api/phone-numbers', admin)).phoneNumbers).toHaveLength(3);
    const { calls: list } = await get('/api/calls', admin);
    expect(list).toHaveLength(DEMO_CALL_COUNT);
    const times = list.map((call: { createdAt: string }) => call.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('list calls without transcripts or recordings', async () => {
    const { calls: list } = await get('/api/calls', admin);
    expect(list[5]).not.toHaveProperty('transcript');
    expect(list[5]).not.toHaveProperty('messages');
    expect(list[5]).not.toHaveProperty('recordingUrl');
  });

  it('give a sub user only what is assigned to them', async () => {
    const permissions = (await get('/api/user-permissions', frontDesk)).data;
    // Assistants need canAssistants, and then only the assigned ones show (with their prompts).
    const refused = await t.app.inject({ method: 'GET', url: '/api/assistants', headers: bearer(frontDesk) });
    expect(refused.statusCode).toBe(403);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, DEMO_FRONT_DESK.email));
    await t.database.db
      .update(userPermissions)
      .set({ canAssistants: true })
      .where(eq(userPermissions.userId, user!.id));
    const assistants = (await get('/api/assistants', frontDesk)).assistants;
    expect(assistants.map((a: { id: string }) => a.id)).toEqual(permissions.assignedAssistants);
    await t.database.db
      .update(userPermissions)
      .set({ canAssistants: false })
      .where(eq(userPermissions.userId, user!.id));
    const numbers = (await get('/api/phone-numbers', frontDesk)).phoneNumbers;
    expect(numbers.map((n: { id: string }) => n.id)).toEqual(permissions.assignedPhoneNumbers);

    // Calls are seen through the numbers and the assistants assigned to them.
    const list = (await get('/api/calls', frontDesk)).calls;
    const theirs = await t.database.db
      .select({ id: calls.id })
      .from(calls)
      .where(
        or(
          eq(calls.phoneNumberId, permissions.assignedPhoneNumbers[0]),
          eq(calls.assistantId, permissions.assignedAssistants[0]),
        ),
      );
    expect(list.length).toBe(theirs.length);
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThan(DEMO_CALL_COUNT);
    expect(
      list.every(
        (call: { phoneNumber: { id: string }; assistant: { id: string } }) =>
          call.phoneNumber.id === permissions.assignedPhoneNumbers[0] ||
          call.assistant.id === permissions.assignedAssistants[0],
      ),
    ).toBe(true);
  });

  it('hide workflows from a sub user without canWorkflows, and show them with it', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/api/workflows', headers: bearer(frontDesk) });
    expect(refused.statusCode).toBe(403);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, DEMO_FRONT_DESK.email));
    await t.database.db
      .update(userPermissions)
      .set({ canWorkflows: true })
      .where(eq(userPermissions.userId, user!.id));
    expect((await get('/api/workflows', frontDesk)).workflows).toHaveLength(2);
    await t.database.db
      .update(userPermissions)
      .set({ canWorkflows: false })
      .where(eq(userPermissions.userId, user!.id));
  });

  it('hide calls from a sub user without canCallLogs', async () => {
    const [user] = await t.database.db.select().from(users).where(eq(users.email, DEMO_FRONT_DESK.email));
    await t.database.db
      .update(userPermissions)
      .set({ canCallLogs: false })
      .where(eq(userPermissions.userId, user!.id));
    const denied = await t.app.inject({ method: 'GET', url: '/api/calls', headers: bearer(frontDesk) });
    expect(denied.statusCode).toBe(403);
    await t.database.db
      .update(userPermissions)
      .set({ canCallLogs: true })
      .where(eq(userPermissions.userId, user!.id));
  });

  it("never show another user's numbers: a sub user with no assignments sees none", async () => {
    const [user] = await t.database.db.select().from(users).where(eq(users.email, DEMO_FRONT_DESK.email));
    const { userPhoneNumbers } = await import('../db/schema/index');
    const saved = await t.database.db
      .select()
      .from(userPhoneNumbers)
      .where(eq(userPhoneNumbers.userId, user!.id));
    const { userAssistants } = await import('../db/schema/index');
    const savedAssistants = await t.database.db
      .select()
      .from(userAssistants)
      .where(eq(userAssistants.userId, user!.id));
    await t.database.db.delete(userPhoneNumbers).where(eq(userPhoneNumbers.userId, user!.id));
    await t.database.db.delete(userAssistants).where(eq(userAssistants.userId, user!.id));
    expect((await get('/api/phone-numbers', frontDesk)).phoneNumbers).toEqual([]);
    expect((await get('/api/calls', frontDesk)).calls).toEqual([]);
    await t.database.db.insert(userPhoneNumbers).values(saved);
    await t.database.db.insert(userAssistants).values(savedAssistants);
    expect(
      await t.database.db.select().from(phoneNumbers).where(eq(phoneNumbers.practiceId, user!.practiceId!)),
    ).toHaveLength(3);
  });
});
