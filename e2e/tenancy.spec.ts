import { addDays, format, isWeekend } from 'date-fns';
import { expect, sideMenu, test, USERS } from './fixtures';

/** A Monday–Friday a week or more ahead: a new practice's starter schedule is open on weekdays. */
function weekdayNextWeek(): string {
  let date = addDays(new Date(), 7);
  while (isWeekend(date)) date = addDays(date, 1);
  return format(date, 'yyyy-MM-dd');
}

/** Issue 22: practices side by side, and a new one onboarded by the operator. */

test.describe("as Paws & Claws Veterinary's admin", () => {
  test.use({ role: 'vetAdmin' });

  test("nothing of Bright Smile Dental's is visible on any screen", async ({ page }) => {
    // What Bright Smile holds, read through the API as its own admin.
    const login = await page.request.post('/api/auth/login', { data: USERS.admin });
    const { sessionId } = (await login.json()) as { sessionId: string };
    const headers = { authorization: `Bearer ${sessionId}` };
    const numbers = (
      (await (await page.request.get('/api/phone-numbers', { headers })).json()) as {
        phoneNumbers: { number: string | null }[];
      }
    ).phoneNumbers.flatMap((n) => (n.number ? [n.number.slice(-4)] : []));
    const doctors = (
      (await (await page.request.get('/api/providers', { headers })).json()) as {
        providers: { display_name: string }[];
      }
    ).providers.map((p) => p.display_name);
    expect(doctors.length).toBeGreaterThan(0);
    const theirs = ['Bright Smile', ...doctors, ...numbers];

    for (const path of [
      '/',
      '/call-logs',
      '/phone-numbers',
      '/assistants',
      '/appointments-calendar',
      '/linked-accounts',
      '/user-management',
      '/book-appointment',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const text = await page.locator('main').innerText();
      for (const value of theirs) expect(text, `${path} shows ${value}`).not.toContain(value);
    }
    await expect(sideMenu(page).getByRole('link', { name: 'Demo Requests' })).toHaveCount(0);
  });
});

test.describe('as the operator', () => {
  test.use({ role: 'operator' });

  test('creates a practice from a demo request; the invited admin sets a password, signs in, links a connector and books an appointment', async ({
    page,
    browser,
  }) => {
    // Two signed-in people, an invitation and a first booking: 30 s is too close on a busy 2-core machine.
    test.setTimeout(90_000);
    const id = Date.now().toString(36);
    const name = `Lakeview Clinic ${id}`;
    const email = `owner-${id}@lakeview.example`;
    const created = await page.request.post('/api/demo-requests', {
      data: { name, email, mobile: '(555) 010-0188', solution: 'medical-clinics', sourcePage: '/pricing' },
    });
    expect(created.status()).toBe(201);

    await page.goto('/demo-requests');
    await page.getByRole('button', { name: `Create a practice from this request: ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Practice' });
    await expect(dialog.getByLabel('Practice name')).toHaveValue(name);
    await expect(dialog.getByLabel("First admin's e-mail")).toHaveValue(email);
    await dialog.getByRole('button', { name: 'Create Practice' }).click();
    await expect(
      page.getByText(`${name} created. Invitation sent to ${email}`, { exact: true }),
    ).toBeVisible();

    // The invitation, as the mail sandbox kept it.
    await sideMenu(page).getByRole('link', { name: 'Sent Mail' }).click();
    const mail = page.getByTestId('sent-mail').filter({ hasText: email });
    await mail.locator('summary').click();
    const link = (await mail.locator('pre').innerText()).match(/https?:\/\/\S+\/invite\/\S+/)![0];
    const token = new URL(link).pathname;

    // The invited admin, in a browser of their own.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const invited = await context.newPage();
    await invited.goto(token);
    await invited.getByLabel('New password').fill('lakeview-clinic-9');
    await invited.getByLabel('Confirm password').fill('lakeview-clinic-9');
    await invited.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(invited.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();

    await invited.goto('/linked-accounts');
    await invited.getByRole('button', { name: 'Add Connector' }).click();
    const add = invited.getByRole('dialog', { name: 'Add New Connector' });
    await add.getByLabel('Name', { exact: true }).fill(name);
    await add.getByLabel('Consumer ID').fill(`lakeview-${id}`);
    await add.getByLabel('Connector ID').fill('sandbox');
    await add.getByRole('button', { name: 'Create Connector' }).click();
    await expect(invited.getByText('Connector created successfully', { exact: true })).toBeVisible();
    const cards = invited.getByRole('list', { name: 'Connectors' }).getByRole('listitem');
    // Its own connector only: none of the demo practices'.
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(name);

    // The built-in schedule starts with a doctor open on weekdays: a new patient is booked at once.
    await invited.goto('/book-appointment');
    await invited.getByLabel('Full Name').fill('Nora Quinn');
    await invited.getByLabel('Phone Number').fill('(720) 555-0142');
    await invited.getByLabel('Service').selectOption({ index: 1 });
    await invited.getByLabel('Doctor').selectOption({ label: 'Doctor' });
    await invited.getByLabel('Date', { exact: true }).fill(weekdayNextWeek());
    const times = invited.getByRole('group', { name: 'Available Times' }).getByRole('button');
    await expect(times.first()).toHaveText('9:00 AM');
    await times.first().click();
    await invited.getByRole('button', { name: 'Book Appointment' }).click();
    await expect(
      invited.getByRole('region', { name: /Notifications/ }).getByText('Appointment Booked Successfully!'),
    ).toBeVisible();
    await context.close();
  });
});
