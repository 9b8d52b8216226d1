import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditListResponseSchema } from '#shared/schemas/audit';
import { auditEvents, connectors } from '../../db/schema/index';
import { parseResponse } from '../../test/parse-response';
import { DEMO_ADMIN, DEMO_FRONT_DESK } from '../../db/seed/demo-practice';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { hashSessionId } from '../auth/auth.repo';

let t: TestApp;
const sessionIds: string[] = [];
const PASSWORD = 'audit-secret-pw';

beforeAll(async () => {
  t = await createTestApp({ idleMinutes: 30 });
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  session: string,
  payload?: object,
) => t.app.inject({ method, url, payload, headers: { ...bearer(session), 'user-agent': 'audit-test' } });

async function entries() {
  await t.modules.audit.service.flush();
  return t.database.db.select().from(auditEvents);
}

describe('the audit log records', () => {
  it('every listed action, and never a password or session id', async () => {
    const admin = await t.asAdmin();
    sessionIds.push(admin);
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_FRONT_DESK.email, password: 'wrong-password' },
    });
    expect(failed.statusCode).toBe(401);

    const [connector] = await t.database.db.select().from(connectors);
    const created = await call('POST', '/api/users/atomic', admin, {
      user: {
        name: 'Audit Me',
        email: 'audit@brightsmile.example',
        username: 'auditme',
        password: PASSWORD,
        role: 'sub',
      },
      permissions: { canCallLogs: true },
      connectorIds: [connector!.id],
    });
    const userId = created.json().user.id;
    const staff = await t.login('audit@brightsmile.example', PASSWORD);
    sessionIds.push(staff);
    expect((await call('GET', '/api/users', staff)).statusCode).toBe(403);
    await call('PUT', `/api/users/${userId}/atomic`, admin, {
      user: {
        name: 'Audit Me',
        email: 'audit@brightsmile.example',
        username: 'auditme',
        password: 'another-pw-1',
        role: 'sub',
        isActive: false,
      },
      permissions: { canCallLogs: false },
    });
    const conn = (
      await call('POST', '/api/connectors', admin, { name: 'A', consumerId: 'b', connectorId: 'c' })
    ).json().connector;
    await call('PATCH', `/api/connectors/${conn.id}`, admin, {
      name: 'A2',
      consumerId: 'b',
      connectorId: 'c',
    });
    await call('PATCH', `/api/connectors/${conn.id}/toggle`, admin, { isActive: false });
    await call('DELETE', `/api/connectors/${conn.id}`, admin);
    await call('DELETE', `/api/users/${userId}`, admin);
    const duplicate = await call('POST', '/api/users/atomic', admin, {
      user: { name: 'Dup', email: DEMO_ADMIN.email, username: 'dup', password: PASSWORD },
    });
    expect(duplicate.statusCode).toBe(409);
    await call('POST', '/api/auth/logout', admin);
    const idle = await t.asFrontDesk();
    sessionIds.push(idle);
    t.clock.advanceMinutes(31);
    expect((await call('GET', '/api/auth/me', idle)).statusCode).toBe(401);

    const rows = await entries();
    const seen = rows.map((row) => `${row.action}:${row.outcome}`);
    for (const expected of [
      'auth.login:allowed',
      'auth.login_failed:failed',
      'user.create:allowed',
      'access.denied:denied',
      'user.update:allowed',
      'connector.create:allowed',
      'connector.update:allowed',
      'connector.toggle:allowed',
      'connector.delete:allowed',
      'user.delete:allowed',
      'user.create:failed',
      'auth.logout:allowed',
      'auth.session_expired:allowed',
    ]) {
      expect(seen, expected).toContain(expected);
    }
    const update = rows.find((row) => row.action === 'user.update')!;
    expect(update).toMatchObject({
      resourceType: 'user',
      resourceId: userId,
      route: 'PUT /api/users/:id/atomic',
    });
    expect(update.detail).toBe('password, deactivated, permissions, linked accounts, sessions ended');
    expect(update.userAgent).toBe('audit-test');
    expect(update.requestId).toEqual(expect.any(String));
    expect(rows.find((row) => row.action === 'user.create' && row.outcome === 'allowed')!.resourceId).toBe(
      userId,
    );
    expect(rows.find((row) => row.action === 'access.denied')).toMatchObject({
      detail: 'users:manage',
      actorRole: 'sub',
    });

    const everything = JSON.stringify(rows);
    for (const secret of [PASSWORD, 'another-pw-1', 'wrong-password', DEMO_ADMIN.password]) {
      expect(everything).not.toContain(secret);
    }
    for (const sessionId of sessionIds) {
      expect(everything).not.toContain(sessionId);
      expect(everything).not.toContain(hashSessionId(sessionId));
    }
    expect(everything).not.toMatch(/argon2/);
  });

  it('cannot be changed or deleted, even with SQL', async () => {
    await expect(t.database.pool.query(`update audit_events set action = 'x'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(t.database.pool.query(`delete from audit_events`)).rejects.toThrow(/append-only/);
  });

  it('has only read routes', () => {
    const routes = t.app.registeredRoutes.filter((route) => route.url.startsWith('/api/audit'));
    expect(routes.map((route) => route.method)).toEqual(['GET', 'GET']);
  });
});

describe('GET /api/audit-events', () => {
  it('pages newest first with a keyset cursor and filters by user, action and time', async () => {
    const admin = await t.asAdmin();
    for (let i = 0; i < 5; i++) await t.asFrontDesk();
    const all = (await entries()).length;
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/audit-events?limit=4${cursor ? `&cursor=${cursor}` : ''}`;
      const page = parseResponse(await call('GET', url, admin), AuditListResponseSchema);
      seen.push(...page.events.map((e: { id: string }) => e.id));
      const times = page.events.map((e: { at: string }) => e.at);
      expect(times).toEqual([...times].sort().reverse());
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(all);

    const me = (await call('GET', '/api/auth/me', admin)).json().user.id;
    const mine = (await call('GET', `/api/audit-events?userId=${me}&action=auth.login`, admin)).json().events;
    expect(mine.length).toBeGreaterThan(0);
    expect(
      mine.every(
        (e: { actorUserId: string; action: string }) => e.actorUserId === me && e.action === 'auth.login',
      ),
    ).toBe(true);
    expect(mine[0].actorName).toBe('Dr. Maya Patel');

    const future = new Date(Date.now() + 365 * 86_400_000).toISOString();
    expect((await call('GET', `/api/audit-events?from=${future}`, admin)).json().events).toEqual([]);
    expect((await call('GET', `/api/audit-events?to=${future}&limit=1`, admin)).json().events).toHaveLength(
      1,
    );
  });

  it('refuses a from or to outside the years 1 to 9999 with a 400 (year 0000 was a 500)', async () => {
    const admin = await t.asAdmin();
    for (const url of ['/api/audit-events', '/api/audit-events/export']) {
      for (const query of [
        'to=0000-01-01T00:00:00.000Z',
        'from=0001-01-01T00:00:00%2B01:00',
        'to=9999-12-31T23:00:00-05:00',
      ]) {
        const response = await call('GET', `${url}?${query}`, admin);
        expect(response.statusCode, `${url}?${query}`).toBe(400);
        expect(response.json().message).toMatch(/between the years 1 and 9999/);
      }
      const edge = await call('GET', `${url}?from=0001-01-01T00:00:00Z&to=9999-12-31T23:59:59Z`, admin);
      expect(edge.statusCode).toBe(200);
    }
  });

  it('exports the filtered log as CSV', async () => {
    const admin = await t.asAdmin();
    const response = await call('GET', '/api/audit-events/export?action=auth.login', admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toContain('audit-log.csv');
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'at,actorUserId,actorName,actorRole,action,resourceType,resourceId,outcome,route,detail,clientAddress,userAgent,requestId',
    );
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.slice(1).every((line) => line.includes(',auth.login,'))).toBe(true);
  });
});
