import { apiGet, expect, signInThroughForm, sideMenu, test, USERS } from './fixtures';

const ADMIN_MENU = [
  'Overview',
  'Call Logs',
  'Callbacks',
  'Assistants',
  'Workflows',
  'Phone Numbers',
  'Book Appointment',
  'Appointments Calendar',
  'Outbound Calls',
  'Messages',
  'Analytics',
  'Appointment Processor',
  'Linked Accounts',
  'User Management',
  'Audit Log',
];

// The one test that signs in through the form; the others start from the stored state (e2e/fixtures.ts).
test('the admin signs in and the Overview counts equal the API', async ({ page }) => {
  await signInThroughForm(page, USERS.admin);
  const [assistants, workflows, phoneNumbers, calls, thisMonth] = await Promise.all([
    apiGet<{ assistants: unknown[] }>(page, '/api/assistants'),
    apiGet<{ workflows: unknown[] }>(page, '/api/workflows'),
    apiGet<{ phoneNumbers: unknown[] }>(page, '/api/phone-numbers'),
    apiGet<{ calls: { id: string }[] }>(page, '/api/calls'),
    apiGet<{ total: number }>(page, '/api/calls/stats?period=month'),
  ]);
  await expect(page.getByTestId('count-Assistants')).toHaveText(String(assistants.assistants.length));
  await expect(page.getByTestId('count-Workflows')).toHaveText(String(workflows.workflows.length));
  await expect(page.getByTestId('count-Phone Numbers')).toHaveText(String(phoneNumbers.phoneNumbers.length));
  await expect(page.getByTestId('count-Total Calls')).toHaveText(String(thisMonth.total));
  await expect(page.getByText('This month')).toBeVisible();
  await expect(page.getByText(`Call #${calls.calls[0]!.id.slice(-6)}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Appointment Processor' }).last()).toBeVisible();

  await expect(sideMenu(page).getByRole('link')).toHaveText(ADMIN_MENU);
  await expect(page.getByTestId('menu-user')).toHaveText('admin@brightsmile.example');
});

test.describe('with a session of its own', () => {
  test.use({ role: 'admin', freshSession: true });

  test('logout returns to the site root and protected routes then send the visitor to /signin', async ({
    page,
  }) => {
    // From a console page, not only from the Overview (which is at the root already).
    await page.goto('/book-appointment');
    await expect(page.getByRole('heading', { name: 'Book Appointment' })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('sessionId'))).toBeNull();
    await page.goto('/call-logs');
    await expect(page).toHaveURL(/\/signin\?next=%2Fcall-logs$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });
});

test('sign-in returns to the console page asked for (a deep link from a reminder e-mail)', async ({
  page,
}) => {
  await page.goto('/appointments-calendar');
  await expect(page).toHaveURL(/\/signin\?next=%2Fappointments-calendar$/);
  await expect(page).toHaveTitle('Sign In | Servc AI Receptionist');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to Servc' })).toBeVisible();
  await page.getByLabel('Email').fill(USERS.frontdesk.email);
  await page.getByLabel('Password').fill(USERS.frontdesk.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/appointments-calendar$/);
  await expect(page.getByRole('heading', { name: 'Appointments Calendar' })).toBeVisible();
});

test.describe('as the front desk', () => {
  test.use({ role: 'frontdesk' });

  test('the front desk sees only the menu its permissions and assignments allow', async ({ page }) => {
    await page.goto('/');
    await expect(sideMenu(page).getByRole('link')).toHaveText([
      'Overview',
      'Call Logs',
      'Callbacks',
      'Phone Numbers',
      'Book Appointment',
      'Appointments Calendar',
      'Linked Accounts',
    ]);
    await expect(page.getByRole('link', { name: /Appointment Processor/ })).toHaveCount(0);
    await page.goto('/user-management');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText('You need admin privileges to access user management.')).toBeVisible();
  });
});

test('sign-in refuses empty fields without a request and shows the server message on bad credentials', async ({
  page,
}) => {
  await page.goto('/signin');
  let requests = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/login')) requests++;
  });
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter both email and password');
  expect(requests).toBe(0);

  await page.getByLabel('Email').fill('admin@brightsmile.example');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/signin$/);
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test.describe('as the admin', () => {
  test.use({ role: 'admin' });

  test('an expired or revoked session sends the visitor back to /signin', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await page.evaluate(() => localStorage.setItem('sessionId', 'revoked-session'));
    await page.reload();
    await expect(page).toHaveURL(/\/signin$/);
  });
});
