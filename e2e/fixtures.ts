import { expect, type Page } from '@playwright/test';

export const USERS = {
  admin: { email: 'admin@brightsmile.example', password: 'admin1234' },
  frontdesk: { email: 'frontdesk@brightsmile.example', password: 'frontdesk1234' },
} as const;

export type Role = keyof typeof USERS;

/** Signs in through the /signin form, as a person would, and waits for the Overview. */
export async function login(page: Page, role: Role): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(USERS[role].email);
  await page.getByLabel('Password').fill(USERS[role].password);
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
