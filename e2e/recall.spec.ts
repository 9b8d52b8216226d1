import type { Page } from '@playwright/test';
import { tz } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import type { OutboundCallListResponse } from '../src/shared/schemas/outbound-calls';
import type { RecallListResponse } from '../src/shared/schemas/recall';
import type { AppointmentItem } from '../src/shared/schemas/schedule';
import { apiGet, expect, test } from './fixtures';

test.use({ role: 'admin' });

// Issue 24: the demo practice's seeded history makes some patients due for recall; a recall call in the
// built-in voice books one of them through the receptionist's tools.

const practiceToday = () => format(new Date(), 'yyyy-MM-dd', { in: tz('America/New_York') });
const recallRegion = (page: Page) => page.getByRole('region', { name: 'Recall' });

async function setWindow(page: Page, start: string, end: string) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Outbound Call Settings' });
  await settings.getByLabel('Calls start at').fill(start);
  await settings.getByLabel('Calls end at').fill(end);
  await settings.getByRole('button', { name: 'Save Settings' }).click();
  await expect(settings).toBeHidden();
}

test('the Recall list shows the seeded overdue patients, and a recall call books one', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  const { patients: due } = await apiGet<RecallListResponse>(page, '/api/recall');
  expect(due.length, 'the demo seed has patients due for recall').toBeGreaterThan(0);
  const called = new Set(
    (await apiGet<OutboundCallListResponse>(page, '/api/outbound-calls')).calls
      .filter((c) => c.call_type === 'recall')
      .map((c) => c.patient_name),
  );
  // The sandbox answers unless the number ends in 0 (no answer) or 9 (busy); a name no one else has.
  const patient = due.find(
    (p) =>
      p.phone_number &&
      !/[09]$/.test(p.phone_number) &&
      !called.has(p.name) &&
      due.filter((other) => other.name === p.name).length === 1,
  );
  expect(patient, 'a due patient who answers').toBeTruthy();

  await page.goto('/outbound-calls');
  const recall = recallRegion(page);
  await expect(page.getByRole('heading', { name: 'Recall', level: 2 })).toBeVisible();
  // Every seeded overdue patient, most overdue first.
  await expect(recall.getByRole('row')).toHaveCount(due.length + 1);
  await expect(recall.getByRole('row').nth(1)).toContainText(due[0]!.name);
  await expect(recall.getByRole('columnheader', { name: /Months overdue/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );

  const settings = page.getByRole('dialog', { name: 'Outbound Call Settings' });
  await page.getByRole('button', { name: 'Settings' }).click();
  const original = {
    start: await settings.getByLabel('Calls start at').inputValue(),
    end: await settings.getByLabel('Calls end at').inputValue(),
  };
  await page.keyboard.press('Escape');
  await setWindow(page, '00:00', '23:59');
  try {
    await recall.getByLabel('Search recall patients').fill(patient!.name);
    await expect(recall.getByRole('row')).toHaveCount(2);
    await recall.getByRole('checkbox', { name: patient!.name }).click();
    await recall.getByLabel('Recall assistant').selectOption({ index: 1 });
    await recall.getByLabel('Recall phone number').selectOption({ index: 1 });
    await recall.getByRole('button', { name: 'Call selected (1)' }).click();
    await expect(page.getByText('1 recall call queued.', { exact: true })).toBeVisible();

    const row = page
      .getByRole('list', { name: 'Recent calls' })
      .getByRole('listitem')
      .filter({ hasText: patient!.name })
      .filter({ hasText: 'Recall' })
      .first();
    await expect(row).toBeVisible();
    await expect(row).toContainText('Completed', { timeout: 60_000 });

    // The booking is in the schedule (the tools offer the first free time, within a week), and the patient
    // is no longer due.
    const today = practiceToday();
    const end = format(addDays(new Date(`${today}T12:00:00`), 15), 'yyyy-MM-dd');
    const { appointments } = await apiGet<{ appointments: AppointmentItem[] }>(
      page,
      `/api/appointments?start=${today}&end=${end}`,
    );
    const booked = appointments.filter(
      (a) => a.contact.name === patient!.name && !a.cancelled && a.appointment_type === 'dental_cleaning',
    );
    expect(booked).toHaveLength(1);
    expect(new Date(booked[0]!.start_time).getTime()).toBeGreaterThan(Date.now());
    const after = (await apiGet<RecallListResponse>(page, '/api/recall')).patients;
    expect(after.map((p) => p.id)).not.toContain(patient!.id);
    const calls = (await apiGet<OutboundCallListResponse>(page, '/api/outbound-calls')).calls;
    expect(calls.filter((c) => c.call_type === 'recall' && c.patient_name === patient!.name)).toEqual([
      expect.objectContaining({ status: 'completed' }),
    ]);
  } finally {
    await setWindow(page, original.start, original.end);
  }
});
