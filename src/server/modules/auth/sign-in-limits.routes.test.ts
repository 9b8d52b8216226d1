import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_FRONT_DESK } from '../../db/seed/demo-practice';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

describe('sign-in limits hold against parallel requests', () => {
  it('checks at most 5 passwords per e-mail in a burst, and a correct one at its end does not sign in', async () => {
    const burst = Array.from({ length: 29 }, (_, i) =>
      login(DEMO_ADMIN.email, `wrong-${i}`, `10.9.0.${i + 1}`),
    );
    // The correct password arrives while the wrong ones are still being checked.
    await new Promise((resolve) => setTimeout(resolve, 50));
    burst.push(login(DEMO_ADMIN.email, DEMO_ADMIN.password, '10.9.0.30'));
    const statuses = (await Promise.all(burst)).map((response) => response.statusCode);
    const checked = statuses.filter((status) => status !== 429);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(25);
    expect(statuses[29]).toBe(429);
  });

  it('checks at most 20 passwords per address in a burst', async () => {
    const burst = Array.from({ length: 60 }, (_, i) =>
      login(`nobody-${i}@brightsmile.example`, 'wrong-password', '10.9.1.1'),
    );
    const statuses = (await Promise.all(burst)).map((response) => response.statusCode);
    expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(20);
    expect(statuses.filter((status) => status === 401).length).toBe(20);
  });

  it('still signs in a correct password that is not part of a burst', async () => {
    expect((await login(DEMO_FRONT_DESK.email, DEMO_FRONT_DESK.password, '10.9.2.1')).statusCode).toBe(200);
  });
});
