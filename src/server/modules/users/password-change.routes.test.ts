import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_FRONT_DESK } from '../../db/seed/demo-practice';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = async (session: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session) })).statusCode;

async function userBody(admin: string, email: string) {
  const list = (await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(admin) })).json();
  const user = list.users.find((u: { email: string }) => u.email === email);
  const permissions = (
    await t.app.inject({ method: 'GET', url: `/api/users/${user.id}/permissions`, headers: bearer(admin) })
  ).json().permissions;
  return {
    id: user.id as string,
    body: {
      user: { name: user.name, email: user.email, username: user.username, role: user.role },
      permissions,
    },
  };
}

describe('a password change ends the other sessions', () => {
  it('ends every session of a user whose password an admin changed', async () => {
    const admin = await t.asAdmin();
    const desk1 = await t.asFrontDesk();
    const desk2 = await t.asFrontDesk();
    const { id, body } = await userBody(admin, DEMO_FRONT_DESK.email);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${id}/atomic`,
      headers: bearer(admin),
      payload: { ...body, user: { ...body.user, password: 'changed-desk-pw' } },
    });
    expect(response.statusCode).toBe(200);
    expect(await me(desk1)).toBe(401);
    expect(await me(desk2)).toBe(401);
    expect(await me(admin)).toBe(200);
    await t.login(DEMO_FRONT_DESK.email, 'changed-desk-pw');
  });

  it('keeps the session that changed its own password and ends the others', async () => {
    const here = await t.asAdmin();
    const elsewhere = await t.asAdmin();
    const { id, body } = await userBody(here, DEMO_ADMIN.email);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${id}/atomic`,
      headers: bearer(here),
      payload: { ...body, user: { ...body.user, password: 'changed-admin-pw' } },
    });
    expect(response.statusCode).toBe(200);
    expect(await me(here)).toBe(200);
    expect(await me(elsewhere)).toBe(401);
  });

  it('leaves sessions alone when the password stays', async () => {
    const admin = await t.login(DEMO_ADMIN.email, 'changed-admin-pw');
    const desk = await t.login(DEMO_FRONT_DESK.email, 'changed-desk-pw');
    const { id, body } = await userBody(admin, DEMO_FRONT_DESK.email);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${id}/atomic`,
      headers: bearer(admin),
      payload: { ...body, user: { ...body.user, name: 'Renamed Desk' } },
    });
    expect(response.statusCode).toBe(200);
    expect(await me(desk)).toBe(200);
  });
});
