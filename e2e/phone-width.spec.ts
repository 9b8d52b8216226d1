import { MENU_ITEMS, type MenuItem } from '../src/shared/permissions';
import { expect, test } from './fixtures';

// Issue 21, item 7: every console screen fits a phone; wide tables scroll inside their card, never the page.
const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });

function fitsAPhone({ path, label }: MenuItem) {
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

// Each screen as the one who uses it: a practice's screens as its admin, the operator's as the operator.
test.describe('as the admin', () => {
  test.use({ role: 'admin' });
  for (const item of MENU_ITEMS.filter((i) => i.section !== 'operator')) fitsAPhone(item);
});

test.describe('as the operator', () => {
  test.use({ role: 'operator' });
  for (const item of MENU_ITEMS.filter((i) => i.section === 'operator')) fitsAPhone(item);
});
