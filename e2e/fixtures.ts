import {
  test as base,
  expect,
  request as playwrightRequest,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import path from 'node:path';
import { SIGNED_IN_HINT_COOKIE } from '../src/shared/site';

/** The demo logins (README, "Sign in"): Bright Smile Dental's two, Paws & Claws Veterinary's admin, the operator. */
export const USERS = {
  admin: { email: 'admin@brightsmile.example', password: 'admin1234' },
  frontdesk: { email: 'frontdesk@brightsmile.example', password: 'frontdesk1234' },
  vetAdmin: { email: 'admin@pawsclaws.example', password: 'admin1234' },
  /** The vendor's staff, in no practice (the demo seed's DEMO_OPERATOR). */
  operator: { email: 'operator@servc.example', password: 'operator1234' },
} as const;

export type Role = keyof typeof USERS;
export interface Credentials {
  email: string;
  password: string;
}
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Where the setup project keeps each role's signed-in state (gitignored). */
export const authFile = (role: Role) => path.join(import.meta.dirname, '..', '.auth', `${role}.json`);

/**
 * Signs in through the API and answers the browser state the app keeps after a sign-in: the session and
 * user in localStorage (src/web/lib/auth-state.ts) plus the signed-in hint cookie the server reads for '/'.
 */
export async function signInState(baseURL: string, credentials: Credentials): Promise<StorageState> {
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    const response = await api.post('/api/auth/login', { data: credentials });
    expect(response.ok(), `sign-in as ${credentials.email} answered ${response.status()}`).toBe(true);
    const { sessionId, user } = (await response.json()) as { sessionId: string; user: unknown };
    const origin = new URL(baseURL).origin;
    return {
      cookies: [
        {
          name: SIGNED_IN_HINT_COOKIE,
          value: '1',
          domain: new URL(baseURL).hostname,
          path: '/',
          expires: Math.floor(Date.now() / 1000) + 24 * 3600,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [
        {
          origin,
          localStorage: [
            { name: 'sessionId', value: sessionId },
            { name: 'user', value: JSON.stringify(user) },
          ],
        },
      ],
    };
  } finally {
    await api.dispose();
  }
}

/**
 * `test.use({ role })` starts each test signed in as that role from the state the setup project stored
 * once per run. A test that ends its session (Logout) adds `freshSession: true` so it signs in on its own
 * (through the API) and the shared session stays valid for the tests after it.
 */
export const test = base.extend<{ role: Role | undefined; freshSession: boolean }>({
  role: [undefined, { option: true }],
  freshSession: [false, { option: true }],
  storageState: async ({ role, freshSession, storageState, baseURL }, use) => {
    if (!role) return use(storageState);
    return use(freshSession ? await signInState(baseURL!, USERS[role]) : authFile(role));
  },
});

export { expect };

/** Signs in through the /signin form, as a person would, and waits for the Overview. */
export async function signInThroughForm(page: Page, credentials: Credentials): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
}

/** Calls the API with the session the browser holds. */
export async function apiGet<T>(page: Page, url: string): Promise<T> {
  const sessionId = await page.evaluate(() => localStorage.getItem('sessionId'));
  const response = await page.request.get(url, { headers: { authorization: `Bearer ${sessionId}` } });
  expect(response.ok(), `${url} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

export const sideMenu = (page: Page) => page.getByRole('navigation', { name: 'Main' });
