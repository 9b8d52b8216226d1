import type { Page } from '@playwright/test';
import { expect, sideMenu, signInState, test, USERS } from './fixtures';

const unique = () => Date.now().toString(36);

test.use({ role: 'admin' });

async function createSubUser(page: Page, id: string) {
  const email = `staff-${id}@brightsmile.example`;
  await page.goto('/user-management');
  await page.getByRole('button', { name: 'Create User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create User' });
  await dialog.getByLabel('Name', { exact: true }).fill(`Staff ${id}`);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Username').fill(`staff-${id}`);
  await dialog.getByLabel('Password').fill('staff-pass-1');
  await expect(dialog.getByRole('checkbox', { name: 'Sub User' })).toBeChecked();
  await dialog.getByRole('switch', { name: 'Call Logs' }).click();
  await dialog.getByRole('switch', { name: 'Assistants' }).click();
  await dialog.getByRole('group', { name: 'Phone Numbers' }).getByRole('checkbox').first().check();
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('User created successfully', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Staff ${id}` })).toBeVisible();
  return { email, password: 'staff-pass-1', name: `Staff ${id}` };
}

test('the user form shows the spec messages and Toggle All switches every permission', async ({ page }) => {
  await page.goto('/user-management');
  await page.getByRole('button', { name: 'Create User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create User' });
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByLabel('Username').fill('ab');
  await dialog.getByLabel('Password').fill('123');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  for (const message of [
    'Name is required',
    'Invalid email address',
    'Username must be at least 3 characters',
    'Password must be at least 10 characters',
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await dialog.getByRole('button', { name: 'Toggle All' }).click();
  await expect(dialog.getByRole('switch', { checked: true })).toHaveCount(8);
  await dialog.getByRole('button', { name: 'Toggle All' }).click();
  await expect(dialog.getByRole('switch', { checked: true })).toHaveCount(0);
  await dialog.getByRole('checkbox', { name: 'Admin' }).check();
  await expect(dialog.getByRole('checkbox', { name: 'Sub User' })).not.toBeChecked();
});

test('an admin creates a sub user who then sees exactly the allowed menu; deactivating them ends their session', async ({
  page,
  browser,
  baseURL,
}) => {
  const user = await createSubUser(page, unique());
  await expect(
    page.getByRole('button', { name: 'Delete Dr. Maya Patel' }),
    'admin users cannot be deleted',
  ).toBeDisabled();

  const staffContext = await browser.newContext({ storageState: await signInState(baseURL!, user) });
  const staff = await staffContext.newPage();
  await staff.goto('/');
  await expect(staff.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(sideMenu(staff).getByRole('link')).toHaveText([
    'Overview',
    'Call Logs',
    'Callbacks',
    'Assistants',
    'Phone Numbers',
  ]);

  await page.getByRole('button', { name: `Edit ${user.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await dialog.getByRole('switch', { name: 'Active' }).click();
  await dialog.getByRole('button', { name: 'Update User' }).click();
  await expect(page.getByText('User updated successfully', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: user.name }).getByText('Inactive', { exact: true }),
  ).toBeVisible();

  await staff.goto('/call-logs');
  await expect(staff).toHaveURL(/\/signin\?next=%2Fcall-logs$/);
  await staffContext.close();
});

test('an admin adds, edits, toggles and deletes a connector', async ({ page }) => {
  const name = `Clinic ${unique()}`;
  await page.goto('/linked-accounts');
  await page.getByRole('button', { name: 'Add Connector' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add New Connector' });
  await dialog.getByRole('button', { name: 'Create Connector' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Consumer ID is required')).toBeVisible();
  await expect(dialog.getByText('Connector ID is required')).toBeVisible();
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Consumer ID').fill('clinic-consumer');
  await dialog.getByLabel('Connector ID').fill('dentrix');
  await dialog.getByRole('button', { name: 'Create Connector' }).click();
  await expect(page.getByText('Connector created successfully', { exact: true })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Connectors' }).getByRole('listitem');
  const card = cards.filter({ hasText: name });
  await expect(card).toBeVisible();
  // Sorted by creation date: the seeded connector first, the new one last.
  await expect(cards.first()).toContainText('Bright Smile Dental');
  await expect(cards.last()).toContainText(name);

  await page.getByRole('button', { name: `Edit ${name}` }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Connector' });
  await dialog.getByLabel('Consumer ID').fill('clinic-consumer-2');
  await dialog.getByRole('button', { name: 'Update Connector' }).click();
  await expect(page.getByText('Connector updated successfully', { exact: true })).toBeVisible();
  await expect(card).toContainText('clinic-consumer-2');

  const toggle = page.getByRole('switch', { name: `Active: ${name}` });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(page.getByText('Connector status updated successfully', { exact: true })).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await expect(card.getByText('Inactive')).toBeVisible();

  // By keyboard: once the card is gone, the focus is on the card now in its place, not on the page.
  await page.getByRole('button', { name: `Delete ${name}` }).press('Enter');
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Are you sure you want to delete "${name}"?`);
  await confirm.getByRole('button', { name: 'Delete' }).press('Enter');
  await expect(page.getByText('Connector deleted successfully', { exact: true })).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Connectors' }).locator(':focus')).toHaveCount(1);
});

test.describe('as the front desk', () => {
  test.use({ role: 'frontdesk' });

  test('a sub user sees their connector read-only through the Connector Details dialog', async ({ page }) => {
    await page.goto('/linked-accounts');
    await expect(page.getByRole('button', { name: 'Add Connector' })).toHaveCount(0);
    await expect(page.getByRole('switch')).toHaveCount(0);
    await page.getByRole('button', { name: 'View Details' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Connector Details' });
    await expect(dialog).toContainText('Bright Smile Dental');
    await expect(dialog).toContainText('sandbox');
    await expect(dialog.getByRole('textbox')).toHaveCount(0);
  });
});

test('the Audit Log shows the sign-ins, newest first', async ({ page, baseURL }) => {
  await signInState(baseURL!, USERS.frontdesk);
  await signInState(baseURL!, USERS.admin);
  await page.goto('/');
  await page.getByRole('link', { name: 'Audit Log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible();
  await page.getByLabel('Action').selectOption('auth.login');
  const rows = page.getByRole('row');
  await expect(rows.nth(1)).toContainText('Dr. Maya Patel');
  await expect(rows.nth(1)).toContainText('auth.login');
  await expect(rows.nth(2)).toContainText('Jordan Reyes');
});
