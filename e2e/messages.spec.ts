import type { Page } from '@playwright/test';
import { tz } from '@date-fns/tz';
import { addDays, format, isWeekend, parseISO, startOfWeek } from 'date-fns';
import type { AppointmentItem } from '../src/shared/schemas/schedule';
import type { ConversationListResponse } from '../src/shared/schemas/messaging';
import { apiGet, expect, test } from './fixtures';

test.use({ role: 'admin' });

const iso = (date: Date) => format(date, 'yyyy-MM-dd');
const practiceToday = () => parseISO(format(new Date(), 'yyyy-MM-dd', { in: tz('America/New_York') }));
/** The next weekday (the built-in practice works Monday to Friday). */
function nextWeekday(): string {
  let date = addDays(practiceToday(), 1);
  while (isWeekend(date)) date = addDays(date, 1);
  return iso(date);
}
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

/** A patient of this test's own, with a number nobody else in the demo data uses. */
const PATIENT = { name: 'Tessa Marlow', phone: '(917) 555-0177', digits: '9175550177' };

async function appointmentOf(page: Page, date: string) {
  const start = startOfWeek(parseISO(date), { weekStartsOn: 0 });
  const url = `/api/appointments?start=${iso(start)}&end=${iso(addDays(start, 7))}`;
  const { appointments } = await apiGet<{ appointments: AppointmentItem[] }>(page, url);
  return appointments.find((a) => a.contact.name === PATIENT.name && !a.cancelled);
}

/** The sandbox's "reply as the patient" under the open conversation: through the real SMS webhook. */
async function replyAsPatient(page: Page, text: string) {
  const box = page.getByRole('form', { name: 'Reply as the patient' });
  await expect(box.getByLabel("Patient's number")).toHaveValue(`+1${PATIENT.digits}`);
  await box.getByLabel("Patient's text").fill(text);
  await box.getByRole('button', { name: 'Send as the patient' }).click();
  await expect(box.getByLabel("Patient's text")).toHaveValue('');
}

const thread = (page: Page) => page.getByRole('list', { name: 'Texts' });

test('a reminder by text is confirmed, rescheduled, answered and stopped by the patient’s replies', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The practice's sender number: chosen in the Messages settings.
  await page.goto('/messages');
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog');
  await settings.getByLabel('Sender number').selectOption({ index: 1 });
  await settings.getByRole('button', { name: 'Save Settings' }).click();
  await expect(settings).toBeHidden();

  // A visit on the next weekday, booked by staff: the booking confirmation is texted.
  const date = nextWeekday();
  await page.goto('/book-appointment');
  await page.getByLabel('Search by Phone').fill(PATIENT.phone);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByLabel('Full Name').fill(PATIENT.name);
  await page.getByLabel('Service').selectOption({ label: 'Dental Checkup' });
  await page.getByLabel('Doctor').selectOption({ label: 'First Available' });
  await page.getByLabel('Date', { exact: true }).fill(date);
  await page.getByRole('group', { name: 'Available Times' }).getByRole('button').first().click();
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(toasts(page).getByText('Appointment Booked Successfully!')).toBeVisible();

  // The reminder campaign's channel is a text; the patient is sent the reminder.
  await page.goto('/outbound-calls');
  await page.getByRole('button', { name: 'Settings' }).click();
  const outbound = page.getByRole('dialog', { name: 'Outbound Call Settings' });
  await outbound.getByLabel('Reminder: how to reach the patient').selectOption('sms');
  await outbound.getByRole('button', { name: 'Save Settings' }).click();
  await expect(outbound).toBeHidden();
  await page.getByLabel('Search patients').fill(PATIENT.name);
  await page.getByRole('checkbox', { name: PATIENT.name }).click();
  await page.getByLabel('Call type').selectOption('reminder');
  await page.getByRole('button', { name: 'Start Calls (1)' }).click();
  await expect(toasts(page).getByText(/1 text queued/)).toBeVisible();

  // Both texts are in the patient's conversation, delivered by the sandbox through the status webhook.
  await page.goto(`/messages?q=${PATIENT.digits}`);
  await page.getByRole('list', { name: 'Conversations' }).getByText(PATIENT.name).click();
  await expect(thread(page).getByText(/is booked\. Confirmation number [A-Z2-9]{6}/)).toBeVisible();
  await expect(thread(page).getByText(/reminds you of your visit/)).toBeVisible();
  await expect(thread(page).getByText('Delivered', { exact: true }).first()).toBeAttached({
    timeout: 15_000,
  });

  // C confirms the visit in the calendar.
  await replyAsPatient(page, 'C');
  await expect(thread(page).getByText(/is confirmed/)).toBeVisible();
  await expect.poll(async () => (await appointmentOf(page, date))?.confirmed).toBe(true);

  // R opens a callback for staff.
  await replyAsPatient(page, 'R');
  await expect(thread(page).getByText(/We will call you/)).toBeVisible();
  await page.goto('/callbacks');
  await expect(page.getByText(PATIENT.name).first()).toBeVisible();

  // A question lands in Messages, and staff answer it.
  await page.goto(`/messages?q=${PATIENT.digits}`);
  await page.getByRole('list', { name: 'Conversations' }).getByText(PATIENT.name).click();
  await replyAsPatient(page, 'Can I bring my daughter along?');
  await expect(thread(page).getByText('Can I bring my daughter along?')).toBeVisible();
  await page.getByLabel('Reply', { exact: true }).fill('Of course, see you then.');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(thread(page).getByText('Of course, see you then.')).toBeVisible();

  // STOP: nothing more is sent to the number, by staff or by a campaign.
  await replyAsPatient(page, 'STOP');
  await expect(
    page.getByRole('region', { name: 'Conversation', exact: true }).getByText('Opted out'),
  ).toBeVisible();
  await expect(page.getByLabel('Reply', { exact: true })).toBeDisabled();
  const { conversations } = await apiGet<ConversationListResponse>(
    page,
    `/api/conversations?q=${PATIENT.digits}`,
  );
  const conversation = conversations.find((c) => c.patientName === PATIENT.name)!;
  expect(conversation.optedOut).toBe(true);
  const sessionId = await page.evaluate(() => localStorage.getItem('sessionId'));
  const manual = await page.request.post(`/api/conversations/${conversation.id}/messages`, {
    headers: { authorization: `Bearer ${sessionId}` },
    data: { body: 'Are you still there?' },
  });
  expect(manual.status()).toBe(409);

  await page.goto('/outbound-calls');
  await page.getByLabel('Search patients').fill(PATIENT.name);
  await page.getByRole('checkbox', { name: PATIENT.name }).click();
  await page.getByLabel('Call type').selectOption('reminder');
  await page.getByRole('button', { name: 'Start Calls (1)' }).click();
  await expect(
    toasts(page)
      .getByText(/opted out/i)
      .first(),
  ).toBeVisible();

  // Put the practice back as the other tests expect it: reminders by call.
  await page.getByRole('button', { name: 'Settings' }).click();
  await outbound.getByLabel('Reminder: how to reach the patient').selectOption('call');
  await outbound.getByRole('button', { name: 'Save Settings' }).click();
  await expect(outbound).toBeHidden();
});
