import type { Page } from '@playwright/test';
import { apiGet, expect, test } from './fixtures';

test.use({ role: 'admin' });

const unique = () => Date.now().toString(36);

/** A write to the API with the session the browser holds (for setup the screens under test do not own). */
async function apiSend(page: Page, method: 'POST' | 'DELETE', url: string, data?: unknown) {
  const sessionId = await page.evaluate(() => localStorage.getItem('sessionId'));
  const response = await page.request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${sessionId}` },
    ...(data !== undefined && { data }),
  });
  expect(response.ok(), `${method} ${url} answered ${response.status()}`).toBe(true);
  return response.json() as Promise<Record<string, unknown>>;
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

test('an admin creates, edits and deletes an assistant', async ({ page }) => {
  await page.goto('/');
  await page.goto('/assistants');
  await expect(page.getByRole('heading', { name: 'Assistants', level: 1 })).toBeVisible();
  const name = `E2E Reception ${unique()}`;

  await page.getByRole('button', { name: 'Create Assistant' }).click();
  const create = page.getByRole('dialog', { name: 'Create Assistant' });
  await expect(create.getByText(/up to 10 MB/)).toBeVisible();
  await expect(create.getByRole('button', { name: 'Create Assistant' })).toBeDisabled();
  await create.getByLabel('Name').fill(name);
  await create.getByLabel('First Message', { exact: true }).fill('Thanks for calling, how can I help?');
  // A file named .pdf that is not a PDF: the server checks the content and says why.
  await create.getByLabel('Knowledge Base File (optional)').setInputFiles({
    name: 'prices.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('this is plain text, not a PDF'),
  });
  await create.getByRole('button', { name: 'Create Assistant' }).click();
  await expect(toast(page, 'Failed to create assistant')).toBeVisible();
  await expect(create).toBeVisible();

  await create.getByLabel('Knowledge Base File (optional)').setInputFiles({
    name: 'faq.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from('# Opening hours\nMonday to Friday, 8am to 6pm.\n'),
  });
  await create.getByRole('tab', { name: 'Voice' }).click();
  await create.getByRole('combobox', { name: 'Voice', exact: true }).selectOption('Emma');
  await create.getByRole('button', { name: 'Create Assistant' }).click();
  await expect(toast(page, 'Assistant created successfully')).toBeVisible();
  await expect(create).toBeHidden();

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card.getByText('Emma · gpt-4o')).toBeVisible();
  await expect(card.getByText('Thanks for calling, how can I help?')).toBeVisible();
  await expect(card.getByText('Background sound: Off')).toBeVisible();

  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Assistant' });
  await edit.getByLabel('First Message', { exact: true }).fill('Bright Smile Dental, how can I help?');
  await edit.getByRole('tab', { name: 'Advanced' }).click();
  await edit.getByLabel('Background Sound').selectOption('office');
  await edit.getByLabel('Max Duration (seconds)').fill('5');
  await edit.getByRole('button', { name: 'Update Assistant' }).click();
  await expect(edit.getByText('Max duration must be a number from 10 to 43200')).toBeVisible();
  await edit.getByLabel('Max Duration (seconds)').fill('900');
  await edit.getByRole('button', { name: 'Update Assistant' }).click();
  await expect(toast(page, 'Assistant updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(card.getByText('Bright Smile Dental, how can I help?')).toBeVisible();
  await expect(card.getByText('Background sound: Office')).toBeVisible();

  await card.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Assistant deleted successfully')).toBeVisible();
  await expect(card).toHaveCount(0);
});

test('an admin creates and deletes a workflow', async ({ page }) => {
  await page.goto('/');
  await page.goto('/workflows');
  const name = `E2E Intake ${unique()}`;
  await page.getByRole('button', { name: 'Create Workflow' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Workflow' });
  await expect(dialog.getByRole('button', { name: 'Create Workflow' })).toBeDisabled();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create Workflow' }).click();
  await expect(toast(page, 'Workflow created successfully')).toBeVisible();

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card.getByText('0 nodes · 0 connections')).toBeVisible();
  // No steps yet: a draft, not active (issue 21, item 12).
  await expect(card.getByText('Draft', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Workflow deleted successfully')).toBeVisible();
  await expect(card).toHaveCount(0);
});

test('an admin edits a number, maps it to a connector, changes the mapping and clears it', async ({
  page,
}) => {
  await page.goto('/');
  const id = unique();
  const second = await apiSend(page, 'POST', '/api/connectors', {
    name: `Second Office ${id}`,
    consumerId: 'second-office',
    connectorId: `second-office-${id}`,
  });
  const secondId = (second.connector as { id: string }).id;
  const E164 = '+12125550192';
  const mappingOf = async () =>
    (
      await apiGet<{ mappings: { phoneNumber: string; connectorId: string }[] }>(page, '/api/phone-mappings')
    ).mappings.find((m) => m.phoneNumber === E164);

  await page.goto('/phone-numbers');
  const card = page.getByRole('listitem').filter({ hasText: '(212) 555-0192' });
  const editDialog = page.getByRole('dialog', { name: 'Edit Phone Number' });

  // 1. Name it and map it: no mapping yet, so one is created.
  await card.getByRole('button', { name: /^Edit / }).click();
  await expect(editDialog.getByLabel('Phone Number')).toHaveValue('(212) 555-0192');
  await expect(editDialog.getByLabel('Phone Number')).toHaveAttribute('readonly', '');
  await expect(editDialog.getByText('Phone number cannot be changed')).toBeVisible();
  await editDialog.getByLabel('Name').fill(`Reminders ${id}`);
  await editDialog.getByLabel('Connector').selectOption({ label: 'Bright Smile Dental' });
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Connector mapping updated successfully')).toBeVisible();
  await expect(editDialog).toBeHidden();
  await expect(card.getByRole('heading', { name: `Reminders ${id}` })).toBeVisible();
  await expect(card.getByText('Bright Smile Dental', { exact: true })).toBeVisible();
  expect((await mappingOf())?.connectorId).toBe('sandbox');

  // 2. Another connector: the mapping is replaced.
  await card.getByRole('button', { name: /^Edit / }).click();
  await expect(editDialog.getByLabel('Connector')).toHaveValue('sandbox');
  await editDialog.getByLabel('Connector').selectOption({ label: `Second Office ${id}` });
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Connector mapping updated successfully')).toBeVisible();
  await expect(card.getByText(`Second Office ${id}`, { exact: true })).toBeVisible();
  expect((await mappingOf())?.connectorId).toBe(`second-office-${id}`);

  // 3. No connector: the mapping is removed; the name goes back to what the seed had.
  await card.getByRole('button', { name: /^Edit / }).click();
  await editDialog.getByLabel('Name').fill('Reminders Outbound');
  await editDialog.getByLabel('Connector').selectOption({ label: 'No connector' });
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Connector mapping removed successfully')).toBeVisible();
  // Without a mapping the number books into the active linked account, the first one (issue 21, item 13).
  await expect(card.getByText('Books into Bright Smile Dental (default)', { exact: true })).toBeVisible();
  expect(await mappingOf()).toBeUndefined();

  await card.getByRole('button', { name: /^View Details/ }).click();
  const details = page.getByRole('dialog', { name: 'Phone Number Details' });
  await expect(details.getByText('(212) 555-0192')).toBeVisible();
  await expect(details.getByRole('textbox')).toHaveCount(0);
  await details.getByRole('button', { name: 'Close' }).click();

  await apiSend(page, 'DELETE', `/api/connectors/${secondId}`);
});

test.describe('as the front desk', () => {
  test.use({ role: 'frontdesk' });

  test('the front desk configures only its own number', async ({ page }) => {
    await page.goto('/phone-numbers');
    const cards = page.getByRole('list', { name: 'Phone numbers' }).getByRole('listitem');
    await expect(cards).toHaveCount(1);
    await cards
      .first()
      .getByRole('button', { name: /^Edit / })
      .click();
    await expect(page.getByRole('dialog', { name: 'Configure Your Phone Number' })).toBeVisible();
  });
});
