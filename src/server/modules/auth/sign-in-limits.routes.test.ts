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

describe('sign-in limits slow attackers without locking out the people they target (ADR 047)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());
  const attempt = (email: string, password: string, remoteAddress: string) =>
    app.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
  const wrong = (email: string, remoteAddress: string, i = 0) =>
    attempt(email, `wrong-password-${i}`, remoteAddress);

  it('lets the owner in at once from an address they signed in from, after 5 failures elsewhere', async () => {
    expect((await attempt(DEMO_ADMIN.email, DEMO_ADMIN.password, '10.20.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 8; i++) await wrong(DEMO_ADMIN.email, `10.20.1.${i}`, i);
    expect((await attempt(DEMO_ADMIN.email, DEMO_ADMIN.password, '10.20.0.1')).statusCode).toBe(200);
  });

  it('makes each failure past the fifth wait twice as long, up to 15 minutes', async () => {
    const email = 'someone-guessed@brightsmile.example';
    for (let i = 0; i < 5; i++) expect((await wrong(email, `10.21.0.${i}`, i)).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 5; i < 9; i++) {
      const refused = await wrong(email, `10.21.1.${i}`, i);
      expect(refused.statusCode).toBe(429);
      waits.push(Number(refused.headers['retry-after']));
      app.clock.advanceMinutes(waits.at(-1)! / 60);
      expect((await wrong(email, `10.21.1.${i}`, i)).statusCode).toBe(401);
    }
    expect(waits).toEqual([5, 10, 20, 40]);
  });

  it('never refuses a correct password from an address someone signed in from, after 20+ failures there', async () => {
    const office = '10.22.0.1';
    expect((await attempt(DEMO_FRONT_DESK.email, DEMO_FRONT_DESK.password, office)).statusCode).toBe(200);
    for (let i = 0; i < 25; i++) await wrong(`nobody-${i}@brightsmile.example`, office, i);
    expect((await attempt(DEMO_FRONT_DESK.email, DEMO_FRONT_DESK.password, office)).statusCode).toBe(200);
    // The admin never signed in from the office: the address is known all the same.
    expect((await attempt(DEMO_ADMIN.email, DEMO_ADMIN.password, office)).statusCode).toBe(200);
  });

  it("never refuses the owner's correct password from their own address, however often someone guessed there", async () => {
    const office = '10.24.0.1';
    expect((await attempt(DEMO_ADMIN.email, DEMO_ADMIN.password, office)).statusCode).toBe(200);
    const answers: number[] = [];
    for (let i = 0; i < 25; i++) answers.push((await wrong(DEMO_ADMIN.email, office, i)).statusCode);
    // The guesses are slowed down all the same: past the free 20, a wrong password is refused for a while.
    expect(answers.slice(0, 20).every((code) => code === 401)).toBe(true);
    expect(answers.slice(21)).toEqual([429, 429, 429, 429]);
    expect((await attempt(DEMO_ADMIN.email, DEMO_ADMIN.password, office)).statusCode).toBe(200);
  });

  it('still slows an address nobody ever signed in from, correct password included', async () => {
    const stranger = '10.23.0.1';
    for (let i = 0; i < 20; i++) await wrong(`nobody-${i}@brightsmile.example`, stranger, i);
    const refused = await attempt(DEMO_ADMIN.email, DEMO_ADMIN.password, stranger);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many failed sign-in attempts. Please try again in 5 seconds.');
  });
});
