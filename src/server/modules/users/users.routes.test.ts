import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectors, phoneNumbers, sessions, users } from '../../db/schema/index';
import { DEMO_ADMIN } from '../../db/seed/demo-practice';
import {
  UserLinkedAccountsResponseSchema,
  UserPermissionsDetailResponseSchema,
  UserPhoneNumbersResponseSchema,
  UserResponseSchema,
} from '#shared/schemas/users';
import { parseResponse } from '../../test/parse-response';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let numberIds: string[];
let connectorId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  numberIds = (await t.database.db.select().from(phoneNumbers)).map((row) => row.id);
  connectorId = (await t.database.db.select().from(connectors))[0]!.id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, session = admin) =>
  t.app.inject({ method, url, payload, headers: bearer(session) });

let serial = 0;
function newUser(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    user: {
      name: `Staff ${serial}`,
      email: `staff${serial}@brightsmile.example`,
      username: `staff${serial}`,
      password: 'secret-pass-42',
      role: 'sub',
      isActive: true,
      ...overrides,
    },
    permissions: { canCallLogs: true, canBookAppointment: true },
    phoneNumberIds: [numberIds[1]],
    connectorIds: [connectorId],
    assistantIds: [],
  };
}

async function create(body = newUser()) {
  return parseResponse(await call('POST', '/api/users/atomic', body), UserResponseSchema).user;
}

const userCount = async () => (await t.database.db.select().from(users)).length;

describe('POST /api/users/atomic', () => {
  it('creates the user, the permissions and every assignment, and never returns the password', async () => {
    const body = newUser();
    const response = await call('POST', '/api/users/atomic', body);
    expect(response.statusCode).toBe(200);
    const { user } = response.json();
    expect(Object.keys(user).sort()).toEqual([
      'createdAt',
      'email',
      'id',
      'isActive',
      'name',
      'role',
      'username',
    ]);
    expect(response.body).not.toMatch(/secret-pass-42|argon2/);

    const { permissions } = parseResponse(
      await call('GET', `/api/users/${user.id}/permissions`),
      UserPermissionsDetailResponseSchema,
    );
    expect(permissions).toEqual({
      canCallLogs: true,
      canAssistants: false,
      canWorkflows: false,
      canBookAppointment: true,
      canAppointmentCalendar: false,
      canOutboundCalls: false,
      canMessages: false,
      canAnalytics: false,
    });
    const numbers = parseResponse(
      await call('GET', `/api/users/${user.id}/phone-numbers`),
      UserPhoneNumbersResponseSchema,
    ).phoneNumbers;
    expect(numbers).toEqual([
      expect.objectContaining({ id: numberIds[1], phoneNumberMappingId: expect.any(String) }),
    ]);
    const linked = parseResponse(
      await call('GET', `/api/users/${user.id}/linked-accounts`),
      UserLinkedAccountsResponseSchema,
    ).linkedAccounts;
    expect(linked).toEqual([{ id: connectorId, connectorId: 'sandbox', name: 'Bright Smile Dental' }]);
    expect((await call('GET', `/api/users/${user.id}/assistants`)).json().assistants).toEqual([]);

    const session = await t.login(body.user.email, body.user.password);
    const own = (await call('GET', '/api/user-permissions', undefined, session)).json().data;
    expect(own).toMatchObject({
      role: 'sub',
      assignedConnectors: ['sandbox'],
      assignedPhoneNumbers: [numberIds[1]],
    });
  });

  it.each([
    [
      'a taken e-mail (any case)',
      () => ({ email: DEMO_ADMIN.email.toUpperCase() }),
      409,
      'Email already in use',
    ],
    ['a taken username', () => ({ username: 'frontdesk' }), 409, 'Username already in use'],
    ['a short password', () => ({ password: '123456789' }), 400, 'Password must be at least 10 characters'],
    [
      'a common password',
      () => ({ password: 'Password123' }),
      400,
      'This password is too common. Choose one that is harder to guess.',
    ],
    [
      'the e-mail as the password',
      () => ({ email: 'long.name@brightsmile.example', password: 'Long.Name@brightsmile.example' }),
      400,
      'The password must not be the e-mail address or the username.',
    ],
    [
      'the part of the e-mail before the @ as the password',
      () => ({ email: 'dr.longname@brightsmile.example', password: 'dr.longname' }),
      400,
      'The password must not be the e-mail address or the username.',
    ],
    ['a bad e-mail', () => ({ email: 'not-an-email' }), 400, 'Invalid email address'],
    ['a short username', () => ({ username: 'ab' }), 400, 'Username must be at least 3 characters'],
    ['an empty name', () => ({ name: '  ' }), 400, 'Name is required'],
  ])('refuses %s and writes nothing', async (_, overrides, status, message) => {
    const before = await userCount();
    const response = await call('POST', '/api/users/atomic', newUser(overrides()));
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(message);
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['phone number', { phoneNumberIds: ['00000000-0000-4000-8000-000000000000'] }, 'Unknown phone number'],
    ['assistant', { assistantIds: ['not-a-uuid'] }, 'Unknown assistant'],
    ['linked account', { connectorIds: ['sandbox'] }, 'Unknown linked account'],
  ])('refuses an unknown %s and writes nothing', async (_, lists, message) => {
    const before = await userCount();
    const response = await call('POST', '/api/users/atomic', { ...newUser(), ...lists });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await userCount()).toBe(before);
  });
});

describe('PUT /api/users/{id}/atomic', () => {
  it('replaces profile, permissions and assignments together, keeping the password when blank', async () => {
    const body = newUser();
    const user = await create(body);
    const update = {
      ...body,
      user: { ...body.user, name: 'Renamed', password: '' },
      permissions: { canWorkflows: true },
      phoneNumberIds: [numberIds[0], numberIds[2]],
      connectorIds: [],
    };
    const response = await call('PUT', `/api/users/${user.id}/atomic`, update);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user.name).toBe('Renamed');
    expect((await call('GET', `/api/users/${user.id}/permissions`)).json().permissions.canCallLogs).toBe(
      false,
    );
    const numbers = (await call('GET', `/api/users/${user.id}/phone-numbers`)).json().phoneNumbers;
    expect(numbers.map((n: { id: string }) => n.id).sort()).toEqual([numberIds[0], numberIds[2]].sort());
    expect((await call('GET', `/api/users/${user.id}/linked-accounts`)).json().linkedAccounts).toEqual([]);
    await t.login(body.user.email, 'secret-pass-42');
  });

  it.each([
    ['a short one', 'short-pw', 'Password must be at least 10 characters'],
    ['a common one', 'qwertyuiop', 'This password is too common. Choose one that is harder to guess.'],
    ['the username', 'USERNAME', 'The password must not be the e-mail address or the username.'],
  ])('refuses changing the password to %s and keeps the old one', async (_, password, message) => {
    const body = newUser();
    const user = await create(body);
    const typed = password === 'USERNAME' ? `${body.user.username}-long`.toUpperCase() : password;
    const renamed = { ...body.user, username: `${body.user.username}-long` };
    const response = await call('PUT', `/api/users/${user.id}/atomic`, {
      ...body,
      user: { ...renamed, password: typed },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    await t.login(body.user.email, 'secret-pass-42');
  });

  it('changes the password only when one is entered', async () => {
    const body = newUser();
    const user = await create(body);
    const response = await call('PUT', `/api/users/${user.id}/atomic`, {
      ...body,
      user: { ...body.user, password: 'new-secret-42' },
    });
    expect(response.statusCode).toBe(200);
    await t.login(body.user.email, 'new-secret-42');
  });

  it('writes nothing when a part fails', async () => {
    const body = newUser();
    const user = await create(body);
    const response = await call('PUT', `/api/users/${user.id}/atomic`, {
      ...body,
      user: { ...body.user, name: 'Should not stick', email: DEMO_ADMIN.email },
      permissions: { canOutboundCalls: true },
      phoneNumberIds: [],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Email already in use');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.name).toBe(body.user.name);
    expect((await call('GET', `/api/users/${user.id}/permissions`)).json().permissions.canOutboundCalls).toBe(
      false,
    );
    expect((await call('GET', `/api/users/${user.id}/phone-numbers`)).json().phoneNumbers).toHaveLength(1);
  });

  it('answers 404 for an unknown user', async () => {
    const response = await call('PUT', '/api/users/00000000-0000-4000-8000-000000000000/atomic', newUser());
    expect(response.statusCode).toBe(404);
  });

  it('ends the sessions of a user who is deactivated, and they cannot sign in again', async () => {
    const body = newUser();
    const user = await create(body);
    const session = await t.login(body.user.email, body.user.password);
    expect((await call('GET', '/api/auth/me', undefined, session)).statusCode).toBe(200);
    const response = await call('PUT', `/api/users/${user.id}/atomic`, {
      ...body,
      user: { ...body.user, isActive: false },
    });
    expect(response.statusCode).toBe(200);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await call('GET', '/api/auth/me', undefined, session)).statusCode).toBe(401);
    await expect(t.login(body.user.email, body.user.password)).rejects.toThrow(/401/);
  });

  it.each([
    ['role', (body: ReturnType<typeof newUser>) => ({ ...body, user: { ...body.user, role: 'admin' } })],
    [
      'permissions',
      (body: ReturnType<typeof newUser>) => ({ ...body, permissions: { canAssistants: true } }),
    ],
  ])('ends the sessions of a user whose %s changes', async (_, change) => {
    const body = newUser();
    const user = await create(body);
    const session = await t.login(body.user.email, body.user.password);
    expect((await call('PUT', `/api/users/${user.id}/atomic`, change(body))).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', undefined, session)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/users/${user.id}`)).statusCode).toBe(200);
  });

  it('keeps the sessions when only the name changes', async () => {
    const body = newUser();
    const user = await create(body);
    const session = await t.login(body.user.email, body.user.password);
    await call('PUT', `/api/users/${user.id}/atomic`, { ...body, user: { ...body.user, name: 'New name' } });
    expect((await call('GET', '/api/auth/me', undefined, session)).statusCode).toBe(200);
  });
});

describe('guards', () => {
  const adminRow = async () =>
    (await t.database.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email)))[0]!;
  const adminBody = async (overrides: Record<string, unknown>) => {
    const row = await adminRow();
    return {
      user: {
        name: row.name,
        email: row.email,
        username: row.username,
        role: 'admin',
        isActive: true,
        ...overrides,
      },
    };
  };

  it('an admin cannot delete themself', async () => {
    const response = await call('DELETE', `/api/users/${(await adminRow()).id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('You cannot delete your own account.');
  });

  it('an admin cannot deactivate or demote themself', async () => {
    const id = (await adminRow()).id;
    const off = await call('PUT', `/api/users/${id}/atomic`, await adminBody({ isActive: false }));
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe('You cannot deactivate your own account.');
    const demoted = await call('PUT', `/api/users/${id}/atomic`, await adminBody({ role: 'sub' }));
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json().message).toBe('You cannot remove your own admin role.');
  });

  it('two admins deactivating each other at once leave one active admin', async () => {
    const body = newUser({ role: 'admin' });
    const second = await create(body);
    const secondSession = await t.login(body.user.email, body.user.password);
    const first = await adminRow();
    const results = await Promise.all([
      call('PUT', `/api/users/${second.id}/atomic`, { ...body, user: { ...body.user, isActive: false } }),
      call('PUT', `/api/users/${first.id}/atomic`, await adminBody({ isActive: false }), secondSession),
    ]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    // The demo practice's admins (the other demo practice has its own).
    const activeAdmins = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.practiceId, first.practiceId!)));
    expect(activeAdmins.filter((u) => u.isActive)).toHaveLength(1);
    // Back to the demo admin alone.
    await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, first.id));
    admin = await t.asAdmin();
    expect((await call('DELETE', `/api/users/${second.id}`)).statusCode).toBe(200);
  });

  it('another admin can be deleted while one active admin remains', async () => {
    const other = await create(newUser({ role: 'admin' }));
    expect((await call('DELETE', `/api/users/${other.id}`)).statusCode).toBe(200);
  });
});

describe('DELETE /api/users/{id} and GET /api/users', () => {
  it('deletes a sub user and their assignments; the list no longer has them', async () => {
    const body = newUser();
    const user = await create(body);
    const session = await t.login(body.user.email, body.user.password);
    const list = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(session) });
    expect(list.statusCode).toBe(403);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${user.id}`,
      headers: bearer(admin),
    });
    expect(removed.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(admin) });
    expect(after.json().users.some((u: { id: string }) => u.id === user.id)).toBe(false);
    expect(after.body).not.toMatch(/password|argon2/i);
    expect((await call('GET', '/api/auth/me', undefined, session)).statusCode).toBe(401);
  });
});
