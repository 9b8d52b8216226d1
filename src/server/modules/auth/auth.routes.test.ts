import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../db/schema/index';
import { DEMO_ADMIN, DEMO_FRONT_DESK } from '../../db/seed/demo-practice';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { hashSessionId } from './auth.repo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: unknown, remoteAddress = '10.1.1.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object, remoteAddress });

describe('POST /api/auth/login', () => {
  it('signs in the demo admin and returns the user and a session id', async () => {
    const response = await login(DEMO_ADMIN);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      user: { email: DEMO_ADMIN.email, username: 'admin', role: 'admin' },
    });
    expect(Object.keys(body.user).sort()).toEqual(['email', 'id', 'name', 'role', 'username']);
    expect(body.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('matches the e-mail case-insensitively', async () => {
    const response = await login({ ...DEMO_ADMIN, email: DEMO_ADMIN.email.toUpperCase() }, '10.1.1.2');
    expect(response.statusCode).toBe(200);
  });

  it('stores only a hash of the session id', async () => {
    const { sessionId } = (await login(DEMO_FRONT_DESK, '10.1.1.3')).json();
    const rows = await t.database.db.select().from(sessions);
    expect(rows.some((row) => row.idHash === sessionId)).toBe(false);
    expect(rows.some((row) => row.idHash === hashSessionId(sessionId))).toBe(true);
  });

  it('stores passwords as argon2id hashes', async () => {
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it.each([
    ['a wrong password', { email: DEMO_ADMIN.email, password: 'wrong-password' }],
    ['an unknown e-mail', { email: 'nobody@brightsmile.example', password: 'admin1234' }],
  ])('answers 401 with the same message for %s', async (_, payload) => {
    const response = await login(payload, '10.1.2.1');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, message: 'Invalid email or password' });
  });

  it('answers 401 for an inactive user with the right password', async () => {
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.email, DEMO_FRONT_DESK.email));
    const response = await login(DEMO_FRONT_DESK, '10.1.2.2');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Invalid email or password');
    await t.database.db.update(users).set({ isActive: true }).where(eq(users.email, DEMO_FRONT_DESK.email));
  });

  it.each([
    ['no body', undefined],
    ['an empty password', { email: DEMO_ADMIN.email, password: '' }],
    ['no e-mail', { password: 'x' }],
  ])('answers 400 for %s', async (_, payload) => {
    const response = await login(payload, '10.1.2.3');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(
      /^(Please enter both email and password|The request body must be a JSON object.)$/,
    );
  });
});

describe('sessions', () => {
  it('GET /api/auth/me returns the user for a live session', async () => {
    const sessionId = await t.asAdmin();
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(sessionId) });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe(DEMO_ADMIN.email);
  });

  it('rejects a missing, malformed or unknown bearer', async () => {
    for (const headers of [{}, { authorization: 'Basic abc' }, bearer('not-a-session')]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: 'unauthorized' });
    }
  });

  it('logout revokes the session', async () => {
    const sessionId = await t.asAdmin();
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(sessionId) });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(sessionId) });
    expect(after.statusCode).toBe(401);
  });

  it('deactivating a user ends their sessions', async () => {
    const sessionId = await t.asAdmin();
    const [user] = await t.database.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, user!.id));
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(sessionId) });
    expect(response.statusCode).toBe(401);
    const left = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, hashSessionId(sessionId)));
    expect(left).toHaveLength(0);
    await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, user!.id));
  });

  it('GET /api/user-permissions gives admins every flag', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user-permissions',
      headers: bearer(await t.asAdmin()),
    });
    expect(response.json().data.role).toBe('admin');
    expect(Object.values(response.json().data.permissions).every(Boolean)).toBe(true);
  });

  it('GET /api/user-permissions gives the front desk its three flags and assignments', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user-permissions',
      headers: bearer(await t.asFrontDesk()),
    });
    const { data } = response.json();
    expect(data).toMatchObject({
      role: 'sub',
      permissions: {
        canCallLogs: true,
        canAssistants: false,
        canWorkflows: false,
        canBookAppointment: true,
        canAppointmentCalendar: true,
        canOutboundCalls: false,
      },
      assignedConnectors: ['sandbox'],
    });
    expect(data.assignedPhoneNumbers).toHaveLength(1);
    expect(data.assignedAssistants).toHaveLength(1);
  });
});

describe('sign-in rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp();
  });
  afterAll(() => limited.close());
  const attempt = (payload: object, remoteAddress: string) =>
    limited.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress });

  it('slows failures per e-mail: after five, a new address waits seconds (not 15 minutes), then signs in', async () => {
    const email = DEMO_FRONT_DESK.email;
    for (let i = 0; i < 5; i++) {
      expect((await attempt({ email, password: `wrong-${i}` }, `10.3.0.${i}`)).statusCode).toBe(401);
    }
    const limitedResponse = await attempt(DEMO_FRONT_DESK, '10.3.0.9');
    expect(limitedResponse.statusCode).toBe(429);
    expect(limitedResponse.json().message).toMatch(/try again in 5 seconds/i);
    expect(Number(limitedResponse.headers['retry-after'])).toBe(5);
    limited.clock.advanceMinutes(5 / 60);
    expect((await attempt(DEMO_FRONT_DESK, '10.3.0.9')).statusCode).toBe(200);
  });

  it('limits failures per client address across e-mails', async () => {
    for (let i = 0; i < 20; i++) {
      await attempt({ email: `guess${i}@example.com`, password: 'x' }, '10.9.9.9');
    }
    expect((await attempt(DEMO_ADMIN, '10.9.9.9')).statusCode).toBe(429);
    expect((await attempt(DEMO_ADMIN, '10.9.9.10')).statusCode).toBe(200);
  });

  it('counts the forwarded client address only behind a trusted proxy (TRUST_PROXY)', async () => {
    const proxied = await createTestApp({ trustProxy: '10.0.0.1' });
    try {
      const send = (remoteAddress: string, forwardedFor: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `nobody-${forwardedFor}@example.com`, password: 'x' },
          remoteAddress,
          headers: { 'x-forwarded-for': forwardedFor },
        });
      for (let i = 0; i < 20; i++) await send('10.0.0.1', `203.0.113.${i}`);
      // Twenty clients behind the proxy, one try each: nobody is limited.
      expect((await send('10.0.0.1', '203.0.113.99')).statusCode).toBe(401);
      // From an untrusted peer the header is ignored: these all count against 10.0.0.2.
      for (let i = 0; i < 20; i++) await send('10.0.0.2', `198.51.100.${i}`);
      expect((await send('10.0.0.2', '198.51.100.99')).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});

describe('session expiry', () => {
  let expiring: TestApp;
  beforeAll(async () => {
    expiring = await createTestApp({ idleMinutes: 30, maxHours: 2 });
  });
  afterAll(() => expiring.close());

  const me = (sessionId: string) =>
    expiring.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(sessionId) });

  it('ends a session after the idle time without use', async () => {
    const sessionId = await expiring.asAdmin();
    expiring.clock.advanceMinutes(29);
    expect((await me(sessionId)).statusCode).toBe(200);
    expiring.clock.advanceMinutes(29);
    expect((await me(sessionId)).statusCode).toBe(200);
    expiring.clock.advanceMinutes(31);
    const ended = await me(sessionId);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().message).toMatch(/session ended after 30 minutes without activity/);
  });

  it('ends a session after the absolute maximum even while in use', async () => {
    const sessionId = await expiring.asAdmin();
    for (let i = 0; i < 4; i++) {
      expiring.clock.advanceMinutes(25);
      expect((await me(sessionId)).statusCode).toBe(200);
    }
    expiring.clock.advanceMinutes(25);
    expect((await me(sessionId)).statusCode).toBe(401);
  });
});
