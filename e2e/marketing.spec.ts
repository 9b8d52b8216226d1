import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { publicPages } from '../src/web/features/marketing/public-routes';
import { expect, sideMenu, test } from './fixtures';

const headline = (page: Page) => page.getByRole('heading', { level: 1 });

/** Console errors include CSP violations and the islands' failures. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

for (const meta of publicPages) {
  test(`${meta.path} shows its headline and title, loads no console code, logs no error and has no serious axe violation`, async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(meta.path);
    await expect(page).toHaveTitle(meta.title);
    await expect(headline(page)).toHaveText(meta.headline);
    await page.waitForLoadState('networkidle');
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
    expect(errors).toEqual([]);
    // The islands' entry (ADR 059), never the console's (index-*.js).
    expect(scripts.filter((script) => /^\/assets\/public-/.test(script))).toHaveLength(1);
    expect(scripts.filter((script) => /^\/assets\/index-/.test(script))).toEqual([]);
  });
}

test('public pages carry their headline without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/pricing');
  await expect(headline(page)).toHaveText('Simple, Transparent Pricing');
  await expect(page).toHaveTitle('Pricing | Servc AI Receptionist');
  await expect(page.getByText('Most Popular')).toBeVisible();
  await context.close();
});

test('header and footer links reach their pages', async ({ page }) => {
  const heading = (path: string) => publicPages.find((meta) => meta.path === path)!.headline;
  await page.goto('/');
  const header = page.getByRole('navigation', { name: 'Main', exact: true });
  const headerLinks: [string, string][] = [
    ['Features', '/features'],
    ['Solutions', '/solutions'],
    ['Pricing', '/pricing'],
    ['Integration', '/integration'],
  ];
  for (const [label, path] of headerLinks) {
    await header.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(path);
    await expect(headline(page)).toHaveText(heading(path));
  }
  const footerLinks: [string, string, string][] = [
    ['Product', 'Features', '/features'],
    ['Product', 'Pricing', '/pricing'],
    ['Product', 'Integration', '/integration'],
    ['Solutions', 'Dental Practices', '/dental-practices'],
    ['Solutions', 'Medical Clinics', '/medical-clinics'],
    ['Solutions', 'Veterinary Clinics', '/veterinary-clinics'],
    ['Solutions', 'Spas & Wellness', '/spas-wellness'],
    ['Legal', 'Privacy Policy', '/privacy-policy'],
    ['Legal', 'Terms & Conditions', '/terms-conditions'],
    ['Legal', 'Cookies Policy', '/cookies-policy'],
  ];
  for (const [group, label, path] of footerLinks) {
    await page
      .getByRole('contentinfo')
      .getByRole('navigation', { name: group })
      .getByRole('link', { name: label })
      .click();
    await expect(page).toHaveURL(path);
    await expect(headline(page)).toHaveText(heading(path));
  }
  await page.getByRole('contentinfo').getByRole('link', { name: 'Home', exact: true }).click();
  await expect(headline(page)).toHaveText(heading('/'));
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/signin');
});

async function openDemoDialog(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Book Your Demo Now' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Book Your Demo' })).toBeVisible();
  return dialog;
}

test('the demo dialog shows each validation message, submits and closes by itself', async ({ page }) => {
  const dialog = await openDemoDialog(page);
  const submit = dialog.getByRole('button', { name: 'Request Demo' });
  await submit.click();
  for (const message of [
    'Name is required',
    'Please enter a valid email address',
    'Please enter a valid mobile number',
    'Please select a solution',
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await dialog.getByLabel('Name').fill('Dr. Dana Whitfield');
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByLabel('Mobile').fill('555-0100');
  await submit.click();
  await expect(dialog.getByText('Name is required')).toBeHidden();
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
  await expect(dialog.getByText('Please enter a valid mobile number')).toBeVisible();

  await dialog.getByLabel('Email').fill('dana@whitfielddental.example');
  await dialog.getByLabel('Mobile').fill('(555) 010-0199');
  await dialog.getByLabel('Solution').selectOption('dental-practices');
  await submit.click();
  await expect(dialog.getByRole('heading', { name: 'Demo Request Submitted!' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Demo Request Submitted!' })).toContainText(
    'within one business day',
  );
  await expect(page.getByRole('dialog')).toBeHidden({ timeout: 5_000 });
});

test('a failing server keeps the entered data and shows Submission Failed', async ({ page }) => {
  await page.route('**/api/demo-requests', (route) =>
    route.fulfill({ status: 500, json: { success: false, message: 'Something went wrong on our side.' } }),
  );
  const dialog = await openDemoDialog(page);
  await dialog.getByLabel('Name').fill('Dr. Lee Park');
  await dialog.getByLabel('Email').fill('lee@parkvet.example');
  await dialog.getByLabel('Mobile').fill('(555) 010-0142');
  await dialog.getByLabel('Solution').selectOption('veterinary-clinics');
  await dialog.getByRole('button', { name: 'Request Demo' }).click();
  await expect(page.getByText('Submission Failed', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Name')).toHaveValue('Dr. Lee Park');
  await expect(dialog.getByLabel('Email')).toHaveValue('lee@parkvet.example');
  await expect(dialog.getByLabel('Solution')).toHaveValue('veterinary-clinics');
  await expect(dialog.getByRole('button', { name: 'Request Demo' })).toBeEnabled();
});

test.describe('as the operator', () => {
  test.use({ role: 'operator' });

  test('the operator sees a new request in Demo Requests and marks it contacted', async ({ page }) => {
    const name = `Dr. Morgan Reyes ${Date.now()}`;
    const created = await page.request.post('/api/demo-requests', {
      data: {
        name,
        email: 'morgan@reyesclinic.example',
        mobile: '(555) 010-0177',
        solution: 'medical-clinics',
        sourcePage: '/pricing',
      },
    });
    expect(created.status()).toBe(201);

    await page.goto('/');
    await sideMenu(page).getByRole('link', { name: 'Demo Requests' }).click();
    await expect(page.getByRole('heading', { name: 'Demo Requests', level: 1 })).toBeVisible();
    const row = page.getByTestId('demo-request-row').filter({ hasText: name });
    await expect(row).toContainText('morgan@reyesclinic.example');
    await expect(row).toContainText('Medical Clinics');
    await expect(page.getByTestId('demo-request-row').first()).toContainText(name);
    const mark = row.getByRole('checkbox', { name: `Contacted: ${name}` });
    await mark.click();
    await expect(mark).toBeChecked();
    await page.reload();
    await expect(page.getByTestId('demo-request-row').filter({ hasText: name })).toContainText('Contacted');
  });
});

test.describe('as the admin', () => {
  test.use({ role: 'admin' });

  test("a practice admin never sees Demo Requests (the operator's)", async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await expect(sideMenu(page).getByRole('link', { name: 'Demo Requests' })).toHaveCount(0);
  });

  test("a signed-in admin gets the Overview at '/' after the app boots", async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await expect(page.getByText('Never Miss Another Patient Call')).toHaveCount(0);
  });
});

test.describe('as the front desk', () => {
  test.use({ role: 'frontdesk' });

  test('a sub user never sees Demo Requests', async ({ page }) => {
    await page.goto('/');
    await expect(sideMenu(page).getByRole('link', { name: 'Demo Requests' })).toHaveCount(0);
    await page.goto('/demo-requests');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  });
});

test('an open dialog locks the page scroll under the strict CSP, with no policy violation', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await openDemoDialog(page);
  // The scroll lock is a <style> the dialog injects; the policy admits it by this response's nonce.
  const lock = await page.evaluate(() => ({
    nonce: document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content,
    overflow: getComputedStyle(document.body).overflow,
    styled: [...document.head.querySelectorAll('style')].map((style) => style.nonce),
  }));
  expect(lock.nonce).toMatch(/^[A-Za-z0-9+/=_-]{16,}$/);
  expect(lock.styled).toContain(lock.nonce);
  expect(lock.overflow).toBe('hidden');
  expect(violations).toEqual([]);
});
