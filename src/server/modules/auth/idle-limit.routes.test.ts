import { afterEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp | undefined;
afterEach(() => t?.close());

const me = (session: string, background = false) =>
  t!.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { ...bearer(session), ...(background && { 'x-background-request': '1' }) },
  });

describe('the idle limit', () => {
  it('keeps a session used every 20 seconds alive (SESSION_IDLE_MINUTES=1)', async () => {
    t = await createTestApp({ idleMinutes: 1 });
    const session = await t.asAdmin();
    for (let second = 20; second <= 180; second += 20) {
      t.clock.advanceMinutes(20 / 60);
      expect((await me(session)).statusCode, `after ${second} s`).toBe(200);
    }
    t.clock.advanceMinutes(61 / 60);
    expect((await me(session)).statusCode).toBe(401);
  });

  it('does not count background refreshes as use, and says why the session ended', async () => {
    t = await createTestApp({ idleMinutes: 2 });
    const session = await t.asAdmin();
    t.clock.advanceMinutes(70 / 60);
    expect((await me(session, true)).statusCode).toBe(200);
    t.clock.advanceMinutes(40 / 60);
    expect((await me(session, true)).statusCode).toBe(200);
    t.clock.advanceMinutes(20 / 60);
    const ended = await me(session, true);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({
      success: false,
      code: 'session_idle',
      message: 'Your session ended after 2 minutes without activity. Please sign in again.',
    });
  });

  it('says when a session reached its maximum length', async () => {
    t = await createTestApp({ idleMinutes: 30, maxHours: 1 });
    const session = await t.asAdmin();
    t.clock.advanceMinutes(20);
    expect((await me(session)).statusCode).toBe(200);
    t.clock.advanceMinutes(20);
    expect((await me(session)).statusCode).toBe(200);
    t.clock.advanceMinutes(21);
    const ended = await me(session);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({
      code: 'session_expired',
      message: 'Your session ended after 1 hour. Please sign in again.',
    });
  });
});
