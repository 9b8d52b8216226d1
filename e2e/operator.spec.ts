import { expect, sideMenu, test, USERS } from './fixtures';

// Signs in through the form: the operator's console starts at Practices, not at an Overview.
test('the operator signs in, creates a practice, suspends and reactivates it', async ({ page }) => {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(USERS.operator.email);
  await page.getByLabel('Password').fill(USERS.operator.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Practices', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/practices$/);
  await expect(sideMenu(page).getByRole('link')).toHaveText(['Practices', 'Demo Requests', 'Sent Mail']);

  const id = Date.now().toString(36);
  const name = `Lakeside Spa ${id}`;
  const email = `owner-${id}@lakeside.example`;
  await page.getByRole('button', { name: 'Create Practice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Practice' });
  await dialog.getByLabel('Practice name').fill(name);
  await dialog.getByLabel('Practice type').selectOption('spas-wellness');
  await dialog.getByLabel('Time zone').selectOption('Europe/Berlin');
  await dialog.getByLabel("First admin's e-mail").fill(email);
  await dialog.getByRole('button', { name: 'Create Practice' }).click();
  await expect(page.getByText(`${name} created. Invitation sent to ${email}`, { exact: true })).toBeVisible();

  const row = page.getByTestId('practice-row').filter({ hasText: name });
  await expect(row).toContainText('Spas & Wellness');
  await expect(row).toContainText('Europe/Berlin');
  await expect(row).toContainText('Active');

  await row.getByRole('button', { name: `Suspend ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText(`${name} suspended`, { exact: true })).toBeVisible();
  await expect(row).toContainText('Suspended');

  await row.getByRole('button', { name: `Reactivate ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByText(`${name} reactivated`, { exact: true })).toBeVisible();
  await expect(row).toContainText('Active');

  // The invitation went through the mail sandbox.
  await sideMenu(page).getByRole('link', { name: 'Sent Mail' }).click();
  await expect(page.getByTestId('sent-mail').filter({ hasText: email })).toHaveCount(1);
});
