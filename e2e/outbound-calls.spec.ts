import type { OutboundCallListResponse } from '../src/shared/schemas/outbound-calls';
import type { PatientWithAppointment } from '../src/shared/schemas/schedule';
import { apiGet, expect, test } from './fixtures';

test.use({ role: 'admin' });

test('start calls for two patients and see them in the Recent Call History', async ({ page }) => {
  await page.goto('/');
  const { patients } = await apiGet<{ patients: PatientWithAppointment[] }>(
    page,
    '/api/patients-with-appointments',
  );
  const names = patients.map((p) => p.name);
  const before = (await apiGet<OutboundCallListResponse>(page, '/api/outbound-calls')).calls;
  // The demo practice's daily campaigns call too: patients without an open call of theirs.
  const open = new Set(
    before.filter((c) => c.status === 'pending' || c.status === 'calling').map((c) => c.patient_name),
  );
  const [first, second] = patients.filter(
    (p) => p.phone_number && names.filter((n) => n === p.name).length === 1 && !open.has(p.name),
  );
  expect(first && second).toBeTruthy();

  await page.goto('/outbound-calls');
  await expect(page.getByRole('heading', { name: 'Outbound Calls', level: 1 })).toBeVisible();

  // Nothing chosen: the spec's warning, and nothing is sent.
  await page.getByRole('button', { name: 'Start Calls' }).click();
  await expect(page.getByText('Please select at least one patient to call', { exact: true })).toBeVisible();

  // Keyboard: search, then tick with Space.
  await page.getByLabel('Search patients').fill(first!.name);
  await page.getByRole('checkbox', { name: first!.name }).focus();
  await page.keyboard.press('Space');
  await page.getByLabel('Search patients').fill('');
  await page.getByRole('checkbox', { name: second!.name }).click();
  // The generic Start button calls with the practice's assistant and number for the type: choose them.
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Outbound Call Settings' });
  await settings.getByLabel('Confirmation assistant').selectOption({ index: 1 });
  await settings.getByLabel('Confirmation phone number').selectOption({ index: 1 });
  await settings.getByRole('button', { name: 'Save Settings' }).click();
  await expect(settings).toBeHidden();

  await page.getByLabel('Call type').selectOption('confirmation');
  await page.getByLabel('Custom message (optional)').fill('Please bring your insurance card.');
  await page.getByRole('button', { name: 'Start Calls (2)' }).click();

  await expect(
    page.getByText('Outbound calls have been initiated successfully', { exact: true }),
  ).toBeVisible();
  await expect(page.getByLabel('Custom message (optional)')).toHaveValue('');
  await expect(page.getByRole('checkbox', { name: first!.name })).toHaveAttribute('aria-checked', 'false');

  const after = (await apiGet<OutboundCallListResponse>(page, '/api/outbound-calls')).calls;
  const mine = after.filter(
    (c) => !before.some((b) => b.id === c.id) && [first!.name, second!.name].includes(c.patient_name),
  );
  // The history shows what the API lists: the newest calls, up to its limit. Counted from the list after the
  // start, since at the limit a patient's oldest call leaves it as the new ones come in.
  const history = page.getByRole('list', { name: 'Recent calls' });
  for (const patient of [first!, second!]) {
    await expect(history.getByRole('listitem').filter({ hasText: patient.name })).toHaveCount(
      after.filter((c) => c.patient_name === patient.name).length,
    );
  }
  expect(mine.map((c) => c.call_type)).toEqual(['confirmation', 'confirmation']);
  expect(mine.map((c) => c.patient_name).sort()).toEqual([first!.name, second!.name].sort());
});

test('an admin changes the campaign settings and the card badge follows', async ({ page }) => {
  const BADGE = /^(Scheduled|Not set up|Not Scheduled)$/;
  await page.goto('/outbound-calls');
  const followup = page.locator('.rounded-lg', { has: page.getByRole('heading', { name: 'Follow-up' }) });
  await expect(followup.getByText(BADGE)).toBeVisible();
  const reminder = page.locator('.rounded-lg', { has: page.getByRole('heading', { name: 'Reminder' }) });
  const was = (await reminder.getByText(BADGE).textContent())!;
  // Switched on it reads Scheduled or, without an assistant or number, Not set up.
  const switched = was === 'Not Scheduled' ? /^(Scheduled|Not set up)$/ : /^Not Scheduled$/;

  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Outbound Call Settings' });
  await dialog.getByRole('switch', { name: 'Call reminders automatically' }).click();
  await dialog.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Outbound call settings saved', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(reminder.getByText(switched)).toBeVisible();

  // Put it back so the spec can run again on the same data.
  await page.getByRole('button', { name: 'Settings' }).click();
  await dialog.getByRole('switch', { name: 'Call reminders automatically' }).click();
  await dialog.getByRole('button', { name: 'Save Settings' }).click();
  await expect(reminder.getByText(was, { exact: true })).toBeVisible();
});

test('inside the calling window a Call Now call is placed and the history shows it completed', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/');
  const { patients } = await apiGet<{ patients: PatientWithAppointment[] }>(
    page,
    '/api/patients-with-appointments',
  );
  // The sandbox answers unless the number ends in 0 (no answer) or 9 (busy). The name is ticked by its label, so
  // it must be the only patient of that name the seed holds today.
  const patient = patients.find(
    (p) =>
      p.phone_number &&
      !/[09]$/.test(p.phone_number) &&
      patients.filter((other) => other.name === p.name).length === 1,
  )!;
  expect(patient).toBeTruthy();
  await page.goto('/outbound-calls');
  const settings = page.getByRole('dialog', { name: 'Outbound Call Settings' });
  const setWindow = async (start: string, end: string) => {
    await page.getByRole('button', { name: 'Settings' }).click();
    await settings.getByLabel('Calls start at').fill(start);
    await settings.getByLabel('Calls end at').fill(end);
    await settings.getByRole('button', { name: 'Save Settings' }).click();
    await expect(settings).toBeHidden();
  };
  await page.getByRole('button', { name: 'Settings' }).click();
  const original = {
    start: await settings.getByLabel('Calls start at').inputValue(),
    end: await settings.getByLabel('Calls end at').inputValue(),
  };
  await page.keyboard.press('Escape');
  await setWindow('00:00', '23:59');
  try {
    await page.getByLabel('Search patients').fill(patient.name);
    await page.getByRole('checkbox', { name: patient.name }).click();
    const followup = page.locator('.rounded-lg', { has: page.getByRole('heading', { name: 'Follow-up' }) });
    await followup.getByLabel('Phone number').selectOption({ index: 1 });
    await followup.getByLabel('Assistant').selectOption({ index: 1 });
    await followup.getByRole('button', { name: /Call Now/ }).click();
    await expect(
      page.getByText('Outbound calls have been initiated successfully', { exact: true }),
    ).toBeVisible();

    const row = page.getByRole('list', { name: 'Recent calls' }).getByRole('listitem').first();
    await expect(row).toContainText(patient.name);
    await expect(row).toContainText('Follow-up');
    await expect(row).toContainText('Completed', { timeout: 60_000 });
    await expect(row).toContainText(/Call ID: [0-9a-z-]{8}$/i);
  } finally {
    await setWindow(original.start, original.end);
  }
});

test('on a laptop screen the patient list is in view without scrolling past the cards', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/outbound-calls');
  const first = page.getByRole('list', { name: 'Patients' }).getByRole('checkbox').first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  await expect(first).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
