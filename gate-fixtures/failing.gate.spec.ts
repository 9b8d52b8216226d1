import { expect, test } from '@playwright/test';

test('fails on purpose: the heading is not there', async ({ page }) => {
  await page.setContent('<h1>Servc</h1>');
  await expect(page.getByRole('heading', { name: 'Not Servc', exact: true })).toBeVisible({ timeout: 1_000 });
});
