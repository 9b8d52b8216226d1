import { MENU_ITEMS } from '../src/shared/permissions';
import { expect, test } from './fixtures';

// Issue 21, item 7: every console screen fits a phone; wide tables scroll inside their card, never the page.
const PHONE = { width: 390, height: 844 };

test.use({ role: 'admin', viewport: PHONE });

for (const { path, label } of MENU_ITEMS) {
  test(`${label} (${path}) fits ${PHONE.width} px without sideways scrolling`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The lists arrive after the heading: wait until nothing is loading any more.
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
  });
}
