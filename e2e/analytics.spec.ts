import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { tz } from '@date-fns/tz';
import { addDays, format, parseISO } from 'date-fns';
import type { Analytics } from '../src/shared/schemas/analytics';
import { apiGet, expect, sideMenu, test } from './fixtures';

test.use({ role: 'admin' });

/** The demo practice's calendar day (New York), whatever the day the tests run. */
const practiceToday = () => format(new Date(), 'yyyy-MM-dd', { in: tz('America/New_York') });
const daysBefore = (date: string, days: number) => format(addDays(parseISO(date), -days), 'yyyy-MM-dd');
const number = (n: number) => n.toLocaleString('en-US');

const panel = (page: Page, title: string) =>
  page.locator('[data-figure]').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** The panel's table, switched on: its body rows as cell texts. */
async function tableOf(figure: Locator): Promise<string[][]> {
  await figure.getByRole('switch', { name: 'View as table' }).click();
  const rows = figure.locator('table tbody tr');
  await expect(rows.first()).toBeVisible();
  return rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')),
  );
}

async function download(page: Page, button: string): Promise<string> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return readFile((await file.path())!, 'utf8');
}

test('six months of the demo: every figure, its chart, its table and the CSV agree', async ({ page }) => {
  test.setTimeout(60_000);
  const to = practiceToday();
  const from = daysBefore(to, 182);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'View Analytics' })).toBeVisible();
  await sideMenu(page).getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();

  await page.goto(`/analytics?from=${from}&to=${to}`);
  const data = await apiGet<Analytics>(page, `/api/analytics?from=${from}&to=${to}`);
  await expect(page.getByTestId('figure-Calls')).toHaveText(number(data.calls.total));
  await expect(page.getByTestId('figure-Bookings')).toHaveText(number(data.bookings.total));
  await expect(page.getByTestId('figure-Callbacks')).toHaveText(number(data.callbacks.opened));
  for (const label of [
    'Kept rate',
    'Total cost',
    'Cost per booked visit',
    'Cost per kept visit',
    'Estimated value',
  ])
    await expect(page.getByTestId(`figure-${label}`)).toHaveText(/\d/);
  // Enough calls and bookings: every figure is drawn.
  await expect(page.locator('[data-figure] [role="img"]')).toHaveCount(8);

  // Calls per day: a bar per day with calls, the table's days with their counts.
  const perDay = panel(page, 'Calls per day');
  const bars = await perDay.locator('.recharts-bar-rectangle').count();
  const days = await tableOf(perDay);
  expect(days.map(([date, n]) => [date, Number(n)])).toEqual(data.calls.byDay.map((d) => [d.date, d.count]));
  expect(bars).toBe(data.calls.byDay.filter((d) => d.count > 0).length);

  // The hour-of-week grid and its table hold the same 168 numbers.
  const hourly = panel(page, 'Calls by hour of the week');
  const cells = await hourly
    .locator('[data-calls]')
    .evaluateAll((spans) => spans.map((s) => s.getAttribute('data-calls')));
  const grid = await tableOf(hourly);
  expect(grid.map((row) => row.slice(1)).flat()).toEqual(cells);
  expect(cells.map(Number)).toEqual(data.calls.byHourOfWeek.flat());

  const sources = await tableOf(panel(page, 'Bookings by source'));
  expect(sources.map(([source, n]) => [source, Number(n)])).toEqual([
    ['During a call', data.bookings.bySource.call],
    ['Appointment Processor', data.bookings.bySource.processor],
    ['Callback', data.bookings.bySource.callback],
    ['Text reply', data.bookings.bySource.text],
    ['Recall call', data.bookings.bySource.recall],
    ['Reminder or confirmation call', data.bookings.bySource.outbound],
    ['Staff (Book Appointment)', data.bookings.bySource.staff],
  ]);
  const visits = await tableOf(panel(page, 'What happened to the visits booked'));
  expect(visits.slice(0, 3)).toEqual([
    ['Kept', String(data.outcomes.receptionist.kept), String(data.outcomes.staff.kept)],
    ['No-show', String(data.outcomes.receptionist.noShow), String(data.outcomes.staff.noShow)],
    ['Cancelled', String(data.outcomes.receptionist.cancelled), String(data.outcomes.staff.cancelled)],
  ]);
  expect(Number(visits[1]![1]) + Number(visits[1]![2])).toBeGreaterThan(0);
  const reminders = await tableOf(panel(page, 'Reminders'));
  expect(reminders.map((row) => Number(row[1]))).toEqual([
    data.reminders.reminded,
    data.reminders.notReminded,
  ]);
  // Each bar is named beside it, and money reads "$12", not "12$".
  const ticks = (axis: string) =>
    panel(page, 'Money by assistant').locator(
      `.recharts-${axis}-tick-labels .recharts-cartesian-axis-tick-value`,
    );
  await expect(ticks('yAxis')).toHaveCount(data.money.byAssistant.length);
  // A long name wraps onto lines of its own (a tspan each).
  const names = await ticks('yAxis').evaluateAll((labels) =>
    labels.map((label) => [...label.querySelectorAll('tspan')].map((line) => line.textContent).join(' ')),
  );
  expect(names).toEqual(data.money.byAssistant.map((row) => row.name));
  await expect(ticks('xAxis').first()).toHaveText(/^\$\d/);
  await expect(ticks('xAxis').last()).toHaveText(/^\$\d/);
  const byAssistant = await tableOf(panel(page, 'Money by assistant'));
  expect(byAssistant.map((row) => row[0])).toEqual(data.money.byAssistant.map((row) => row.name));

  // The whole screen as CSV holds the tables' rows, and the calls' CSV one row per call.
  const csv = await download(page, 'Export CSV');
  expect(csv).toContain(`Analytics ${from} to ${to}`);
  const csvLine = (row: string[]) =>
    row.map((cell) => (/[",]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(',');
  for (const row of [...sources, ...visits, ...reminders, ...byAssistant])
    expect(csv).toContain(csvLine(row));
  for (const [date, n] of days) expect(csv).toContain(`${date},${n}\r\n`);
  const calls = await download(page, 'Download calls (CSV)');
  expect(calls.trim().split('\r\n')).toHaveLength(data.calls.total + 1);

  // The range is in the URL: a preset keeps it there across a reload.
  await page.getByLabel('Dates').selectOption({ label: 'Last 90 days' });
  await expect(page).toHaveURL(new RegExp(`from=${daysBefore(to, 89)}&to=${to}`));
  await page.reload();
  await expect(page.getByLabel('Dates')).toHaveValue('90d');

  // A day typed on the keyboard, month, day, year, is the day asked for (each key used to jump the field).
  const typed = daysBefore(to, 30);
  const fromField = page.getByLabel('From', { exact: true });
  await fromField.focus();
  const [year, month, day] = typed.split('-');
  await fromField.pressSequentially(`${month}${day}${year}`);
  await expect(page).toHaveURL(new RegExp(`from=${typed}&to=${to}`));
  await expect(fromField).toHaveValue(typed);
});

test('a booking made by a simulated call is in the ledger with its source and its cost', async ({ page }) => {
  await page.goto('/call-logs');
  await page.getByRole('button', { name: 'Simulate a call' }).click();
  const form = page.getByRole('dialog', { name: 'Simulate a call' });
  await form.getByLabel('Phone number').selectOption({ index: 0 });
  await form.getByLabel('Scenario').selectOption('new-patient-cleaning');
  await form.getByRole('button', { name: 'Start call' }).click();
  const dialog = page.getByRole('dialog', { name: /^Call [0-9a-f]{8}$/ });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  const shortId = (await dialog.getByRole('heading').first().textContent())!.replace('Call ', '');
  await page.keyboard.press('Escape');

  const today = practiceToday();
  await page.goto(`/analytics?from=${today}&to=${today}`);
  await expect(page.getByTestId('figure-Bookings')).not.toHaveText('0');
  const csv = await download(page, 'Download calls (CSV)');
  const header = csv.split('\r\n')[0]!.split(',');
  const row = csv
    .split('\r\n')
    .find((line) => line.startsWith(shortId))!
    .split(',');
  const cell = (name: string) => row[header.indexOf(name)];
  expect(cell('bookings')).toBe('1');
  expect(cell('booking_sources')).toBe('call');
  expect(cell('appointment_types')).toBe('dental_cleaning');
  expect(cell('outcomes')).toBe('open');
  // A simulated call costs nothing; its cost is the call's, beside what it produced.
  expect(cell('cost_usd')).toBe('0');
});

test('staff mark a past visit from the calendar', async ({ page }) => {
  await page.goto('/appointments-calendar');
  await page.getByRole('button', { name: 'Previous week' }).click();
  const open = page.locator('[data-appointment-id][aria-haspopup="dialog"]:not([data-status="completed"])');
  await expect(open.first()).toBeVisible();
  const id = await open.first().getAttribute('data-appointment-id');
  await open.first().click();
  const dialog = page.getByRole('dialog', { name: 'What happened to this visit?' });
  await dialog.getByRole('button', { name: 'Kept' }).click();
  await expect(page.getByText('Visit marked kept', { exact: true })).toBeVisible();
  const chip = page.locator(`[data-appointment-id="${id}"]`);
  await expect(chip).toHaveAttribute('data-status', 'completed');
  await chip.hover();
  await expect(page.getByRole('tooltip')).toContainText('Kept');
});

test.describe('as the front desk', () => {
  test.use({ role: 'frontdesk' });

  test('without the Analytics permission there is no Analytics, nor its Overview figures', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await expect(sideMenu(page).getByRole('link', { name: 'Analytics' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'View Analytics' })).toHaveCount(0);
  });
});
