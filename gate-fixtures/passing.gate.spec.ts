import { expect, test } from '@playwright/test';

test('reads a heading in the browser', async ({ page }) => {
  await page.setContent('<h1>Servc</h1>');
  await expect(page.getByRole('heading', { name: 'Servc', exact: true })).toBeVisible({ timeout: 1_000 });
});
