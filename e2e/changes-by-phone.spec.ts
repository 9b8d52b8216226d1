import type { Page } from '@playwright/test';
import { tz } from '@date-fns/tz';
import { addDays, format, isWeekend, parseISO, startOfWeek } from 'date-fns';
import type { AppointmentItem, BookAppointmentResult, SlotItem } from '../src/shared/schemas/schedule';
import { apiGet, expect, test } from './fixtures';

/** Issue 24: callers move and cancel their own visits by phone; a caller naming another patient learns nothing. */

test.use({ role: 'admin' });

const iso = (date: Date) => format(date, 'yyyy-MM-dd');
const practiceToday = () => parseISO(format(new Date(), 'yyyy-MM-dd', { in: tz('America/New_York') }));
/** The `n`-th weekday after today (the built-in practice works Monday to Friday). */
function weekdayAhead(n: number): string {
  let date = practiceToday();
  for (let left = n; left > 0;) {
    date = addDays(date, 1);
    if (!isWeekend(date)) left--;
  }
  return iso(date);
}

/** Patients of this test's own, on numbers no demo patient has (the seed's exchanges are 200 to 989). */
const RHEA = { name: 'Rhea Dunmore', phone: '+13129906101' };
const SAUL = { name: 'Saul Brennan', phone: '+13129906102' };
const TOVA = { name: 'Tova Lind', phone: '+13129906103' };

async function session(page: Page) {
  return { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('sessionId'))}` };
}

/** A cleaning for the patient at the first free time on `date`, booked as staff would (the console's function). */
async function bookCleaning(page: Page, patient: { name: string; phone: string }, date: string) {
  const { slots } = await apiGet<{ slots: SlotItem[] }>(
    page,
    `/api/slots/${date}/first_available?appointment_type=dental_cleaning`,
  );
  const slot = slots[0]!;
  const response = await page.request.post('/webhook', {
    headers: await session(page),
    data: {
      type: 'function-call',
      functionCall: {
        name: 'bookAppointment',
        parameters: {
          appointment_type: 'dental_cleaning',
          date,
          time: slot.time,
          provider_id: slot.provider_id,
          patient_info: { name: patient.name, phone_number: patient.phone },
        },
      },
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as BookAppointmentResult;
}

async function visitOf(page: Page, patient: { name: string }, confirmation: string, date: string) {
  const start = startOfWeek(parseISO(date), { weekStartsOn: 0 });
  const { appointments } = await apiGet<{ appointments: AppointmentItem[] }>(
    page,
    `/api/appointments?start=${iso(start)}&end=${iso(addDays(start, 7))}`,
  );
  return appointments.find((a) => a.contact.name === patient.name && a.confirmation_number === confirmation);
}

/** Simulates a call from the patient's number and answers the call's transcript as Call Logs shows it. */
async function simulate(page: Page, scenario: string, callerNumber: string) {
  await page.goto('/call-logs');
  await page.getByRole('button', { name: 'Simulate a call' }).click();
  const form = page.getByRole('dialog', { name: 'Simulate a call' });
  await form.getByLabel('Phone number').selectOption({ index: 0 });
  await form.getByLabel('Scenario').selectOption(scenario);
  await form.getByLabel('Call as the patient with this number (optional)').fill(callerNumber);
  await form.getByRole('button', { name: 'Start call' }).click();
  const dialog = page.getByRole('dialog', { name: /^Call [0-9a-f]{8}$/ });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('tab', { name: 'Transcript' }).click();
  return dialog.getByRole('tabpanel');
}

/** The calendar's week of `date`, and the chip of the visit. */
async function chipInCalendar(page: Page, date: string, appointmentId: string) {
  await page.goto('/appointments-calendar');
  await page.getByRole('button', { name: 'Go to Date' }).click();
  await page.getByRole('dialog', { name: 'Go to Date' }).getByLabel('Date').fill(date);
  return page.locator(`[data-appointment-id="${appointmentId}"]`);
}

test('callers move and cancel their own visits by phone, and the calendar shows it', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  const moveFrom = weekdayAhead(3);
  const rhea = await bookCleaning(page, RHEA, moveFrom);
  const saulDate = weekdayAhead(4);
  const saul = await bookCleaning(page, SAUL, saulDate);

  // Rhea moves her cleaning to next week: the call shows it end to end, the calendar has it on its new day.
  const moved = await simulate(page, 'existing-patient-reschedules', '(312) 990-6101');
  await expect(moved).toContainText('I need to move my cleaning to next week');
  await expect(moved).toContainText(`Your confirmation number stays ${rhea.appointment.confirmation_number}`);
  const newDate = /your cleaning is now on (\d{4}-\d{2}-\d{2})/.exec((await moved.textContent())!)![1]!;
  expect(newDate > moveFrom).toBe(true);
  const rheaVisit = (await visitOf(page, RHEA, rhea.appointment.confirmation_number, newDate))!;
  expect(rheaVisit.cancelled).toBe(false);
  const rheaChip = await chipInCalendar(page, newDate, rheaVisit.remote_id);
  await expect(rheaChip).toContainText(RHEA.name);
  // Not at the old time any more.
  expect(await visitOf(page, RHEA, rhea.appointment.confirmation_number, moveFrom)).toBeUndefined();

  // Saul cancels: the visit is cancelled in the calendar.
  const cancelled = await simulate(page, 'existing-patient-cancels', SAUL.phone);
  await expect(cancelled).toContainText('It is cancelled.');
  const saulVisit = (await visitOf(page, SAUL, saul.appointment.confirmation_number, saulDate))!;
  expect(saulVisit.cancelled).toBe(true);
  const saulChip = await chipInCalendar(page, saulDate, saulVisit.remote_id);
  await saulChip.hover();
  await expect(page.getByRole('tooltip').getByText('Cancelled', { exact: true })).toBeVisible();
});

test('a caller who gives another patient’s name is refused without learning anything', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/');
  const date = weekdayAhead(5);
  const tova = await bookCleaning(page, TOVA, date);
  const { appointments: before } = await apiGet<{ appointments: AppointmentItem[] }>(
    page,
    '/api/appointments',
  );

  const refused = await simulate(page, 'caller-names-another-patient', TOVA.phone);
  await expect(refused).toContainText('I have asked our staff to call you back at this number.');
  const said = (await refused.textContent())!;
  const named = /I'm calling for ([^.]+)\./.exec(said)![1]!;
  // Nothing of that patient's visits was said: no confirmation number, no time.
  for (const visit of before.filter((a) => a.contact.name === named)) {
    expect(said).not.toContain(visit.confirmation_number!);
    expect(said).not.toContain(format(parseISO(visit.wall_start_time), 'h:mm a'));
  }
  const { appointments: after } = await apiGet<{ appointments: AppointmentItem[] }>(
    page,
    '/api/appointments',
  );
  expect(after.filter((a) => a.contact.name === named)).toEqual(
    before.filter((a) => a.contact.name === named),
  );
  expect(after.find((a) => a.confirmation_number === tova.appointment.confirmation_number)?.cancelled).toBe(
    false,
  );

  // Staff get the task: the number that called and what was asked.
  await page.goto('/callbacks');
  await expect(page.getByRole('link', { name: TOVA.phone }).first()).toBeVisible();
});
