import type { Page } from '@playwright/test';
import { tz } from '@date-fns/tz';
import { addDays, format, isWeekend, parseISO, startOfWeek } from 'date-fns';
import { bookedMessage, type AppointmentItem, type ProviderItem } from '../src/shared/schemas/schedule';
import { apiGet, expect, test } from './fixtures';

const iso = (date: Date) => format(date, 'yyyy-MM-dd');
/** The calendar's "today" is the demo practice's (America/New_York), not the browser's. */
const practiceToday = () => parseISO(format(new Date(), 'yyyy-MM-dd', { in: tz('America/New_York') }));
const sunday = (date: Date) => startOfWeek(date, { weekStartsOn: 0 });
const weekLabel = (start: Date) => `${format(start, 'MMM d')} - ${format(addDays(start, 6), 'MMM d, yyyy')}`;
const STATUS_COLOUR = { cancelled: 'red', completed: 'green', confirmed: 'blue', pending: 'purple' };
const statusOf = (a: AppointmentItem) =>
  a.cancelled ? 'cancelled' : a.completed ? 'completed' : a.confirmed ? 'confirmed' : 'pending';

/** A weekday at least `days` ahead: the practice works Monday to Friday. */
function weekdayAhead(days: number): string {
  let date = addDays(practiceToday(), days);
  while (isWeekend(date)) date = addDays(date, 1);
  return iso(date);
}

async function weekAppointments(page: Page, start: Date) {
  const url = `/api/appointments?start=${iso(start)}&end=${iso(addDays(start, 7))}`;
  return (await apiGet<{ appointments: AppointmentItem[] }>(page, url)).appointments;
}

/** Toast texts, apart from their screen-reader announcement. */
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

async function webhook(page: Page, name: string, parameters: object, key?: string) {
  const sessionId = await page.evaluate(() => localStorage.getItem('sessionId'));
  return page.request.post('/webhook', {
    headers: { authorization: `Bearer ${sessionId}`, ...(key && { 'idempotency-key': key }) },
    data: { type: 'function-call', functionCall: { name, parameters } },
  });
}

test.describe('Appointments Calendar', () => {
  test.use({ role: 'admin' });

  test('the seeded week shows every appointment in its cell and colour, with counters and status', async ({
    page,
  }) => {
    await page.goto('/appointments-calendar');
    await expect(page.getByRole('heading', { name: 'Appointments Calendar' })).toBeVisible();
    const { activeConnector } = await apiGet<{ activeConnector: { connectorId: string } }>(
      page,
      '/api/active-connector',
    );
    await expect(page.getByText('Integration Active')).toBeVisible();
    await expect(page.getByText(activeConnector.connectorId, { exact: true })).toBeVisible();

    // Next week: it lies fully ahead, so the seed gives it plenty of appointments.
    const start = addDays(sunday(practiceToday()), 7);
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect(page.getByRole('heading', { name: weekLabel(start) })).toBeVisible();
    const appointments = await weekAppointments(page, start);
    expect(appointments.length).toBeGreaterThan(5);
    await expect(page.getByText(`${appointments.length} real appointments loaded`)).toBeVisible();
    await expect(page.getByTestId('count-Total Appointments')).toHaveText(String(appointments.length));
    const count = (status: string) => String(appointments.filter((a) => statusOf(a) === status).length);
    await expect(page.getByTestId('count-Confirmed')).toHaveText(count('confirmed'));
    await expect(page.getByTestId('count-Completed')).toHaveText(count('completed'));

    await expect(page.locator('[data-appointment-id]')).toHaveCount(appointments.length);
    const shown = await page.locator('[data-appointment-id]').evaluateAll((chips) =>
      chips.map((chip) => ({
        id: chip.getAttribute('data-appointment-id'),
        cell: chip.closest('td')?.getAttribute('data-cell'),
        status: chip.getAttribute('data-status'),
        className: chip.className,
      })),
    );
    for (const appointment of appointments) {
      const wall = parseISO(appointment.wall_start_time);
      const day = Math.round(
        (parseISO(appointment.wall_start_time.slice(0, 10)).getTime() - start.getTime()) / 864e5,
      );
      const row = wall.getHours() * 2 + (wall.getMinutes() >= 30 ? 1 : 0);
      const chip = shown.find((s) => s.id === appointment.remote_id);
      expect(chip?.cell, appointment.wall_start_time).toBe(`${day}:${row}`);
      expect(chip?.status).toBe(statusOf(appointment));
      expect(chip?.className).toContain(`bg-${STATUS_COLOUR[statusOf(appointment)]}-`);
    }
    // Rows run 12:00 AM to 11:30 PM.
    await expect(page.getByRole('rowheader')).toHaveCount(48);
    await expect(page.getByRole('rowheader').first()).toHaveText('12:00 AM');
    await expect(page.getByRole('rowheader').last()).toHaveText('11:30 PM');
  });

  test('the hover card shows the fields of the spec, also on keyboard focus', async ({ page }) => {
    await page.goto('/appointments-calendar');
    const start = addDays(sunday(practiceToday()), 7);
    await page.getByRole('button', { name: 'Next week' }).click();
    const appointments = await weekAppointments(page, start);
    const appointment = appointments.find(
      (a) => a.operatory && /Notes: (?!No additional notes)/.test(a.notes),
    )!;
    const chip = page.locator(`[data-appointment-id="${appointment.remote_id}"]`);
    await chip.hover();
    const card = page.getByRole('tooltip');
    await expect(card).toBeVisible();
    const phone = /Phone: (.*)/.exec(appointment.notes)![1]!;
    const note = /Notes: (.*)/.exec(appointment.notes)![1]!;
    const type = /Appointment Type: (.*)/.exec(appointment.notes)![1]!;
    const status = {
      cancelled: 'Cancelled',
      completed: 'Completed',
      confirmed: 'Confirmed',
      pending: 'Pending',
    }[statusOf(appointment)];
    for (const text of [
      appointment.contact.name,
      appointment.confirmation_number!,
      `${format(parseISO(appointment.wall_start_time), 'h:mm a')} - ${format(parseISO(appointment.wall_end_time), 'h:mm a')}`,
      format(parseISO(appointment.wall_start_time), 'EEEE, MMMM d, yyyy'),
      appointment.operatory!,
      phone,
      type,
      note,
      status,
      `ID: ${appointment.remote_id}`,
    ]) {
      await expect(card.getByText(text, { exact: true }).first()).toBeVisible();
    }
    await expect(chip).toHaveAttribute('aria-describedby', /.+/);
    await page.mouse.move(0, 0);
    await expect(card).toBeHidden();

    await chip.focus();
    await expect(page.getByRole('tooltip')).toContainText(appointment.contact.name);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tooltip')).toBeHidden();
  });

  test('previous and next week, Today and Go to Date move the week and ask for its range', async ({
    page,
  }) => {
    await page.goto('/appointments-calendar');
    const thisWeek = sunday(practiceToday());
    await expect(page.getByRole('heading', { name: weekLabel(thisWeek) })).toBeVisible();
    await expect(page.locator('th[aria-current="date"]')).toHaveText(format(practiceToday(), 'EEEd'));

    const next = addDays(thisWeek, 7);
    const request = page.waitForRequest((r) =>
      r.url().includes(`/api/appointments?start=${iso(next)}&end=${iso(addDays(next, 7))}`),
    );
    await page.getByRole('button', { name: 'Next week' }).click();
    await request;
    await expect(page.getByRole('heading', { name: weekLabel(next) })).toBeVisible();
    await expect(page.locator('th[aria-current="date"]')).toHaveCount(0);

    await page.getByRole('button', { name: 'Previous week' }).click();
    await page.getByRole('button', { name: 'Previous week' }).click();
    await expect(page.getByRole('heading', { name: weekLabel(addDays(thisWeek, -7)) })).toBeVisible();
    await page.getByRole('button', { name: 'Today' }).click();
    await expect(page.getByRole('heading', { name: weekLabel(thisWeek) })).toBeVisible();

    const target = addDays(new Date(), 45);
    await page.getByRole('button', { name: 'Go to Date' }).click();
    await page.getByRole('dialog', { name: 'Go to Date' }).getByLabel('Date').fill(iso(target));
    await expect(page.getByRole('heading', { name: weekLabel(sunday(target)) })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Go to Date' })).toBeHidden();
  });
});

test.describe('Book Appointment', () => {
  test.use({ role: 'frontdesk' });

  async function chooseAppointment(page: Page, date: string, doctor: string) {
    await page.getByLabel('Service').selectOption({ label: 'Dental Checkup' });
    await page.getByLabel('Doctor').selectOption({ label: doctor });
    // Typed as staff type it, month, day, year: the field kept nothing once the year's first digit made 0002.
    const field = page.getByLabel('Date', { exact: true });
    await field.focus();
    const [year, month, day] = date.split('-');
    await field.pressSequentially(`${month}${day}${year}`);
    await expect(field).toHaveValue(date);
    const times = page.getByRole('group', { name: 'Available Times' }).getByRole('button');
    await expect(times.first()).toBeVisible();
    return times;
  }

  test('a found patient is booked, the form resets and the time is no longer offered', async ({ page }) => {
    await page.goto('/book-appointment');
    const { patients } = await apiGet<{ patients: { name: string; phone_number: string | null }[] }>(
      page,
      '/api/patients-with-appointments',
    );
    const patient = patients.find((p) => p.phone_number)!;
    const { providers } = await apiGet<{ providers: ProviderItem[] }>(page, '/api/providers');
    const doctor = providers[0]!.display_name;
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(toasts(page).getByText('Phone Number Required', { exact: true })).toBeVisible();
    await expect(toasts(page).getByText('Please enter a phone number to search for patients.')).toBeVisible();

    await page.getByLabel('Search by Phone').fill(patient.phone_number!);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(toasts(page).getByText('Patient Found', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Found patient' })).toContainText(patient.name);
    await expect(page.getByLabel('Full Name')).toHaveCount(0);

    const date = weekdayAhead(7);
    const book = page.getByRole('button', { name: 'Book Appointment' });
    await expect(book).toBeDisabled();
    const times = await chooseAppointment(page, date, doctor);
    await expect(toasts(page).getByText('Availability Found', { exact: true })).toBeVisible();
    const time = (await times.first().textContent())!;
    await times.first().click();
    await expect(book).toBeEnabled();
    await book.click();
    await expect(toasts(page).getByText('Appointment Booked Successfully!')).toBeVisible();
    const toast = toasts(page).getByText(/Confirmation number: [A-Z2-9]{6}/);
    await expect(toast).toContainText(patient.name);
    await expect(toast).toContainText(date);
    await expect(toast).toContainText(time);
    await expect(page.getByLabel('Service')).toHaveValue('');
    await expect(page.getByLabel('Search by Phone')).toHaveValue('');
    await expect(page.getByLabel('Full Name')).toHaveValue('');

    const again = await chooseAppointment(page, date, doctor);
    await expect(again.filter({ hasText: new RegExp(`^${time}$`) })).toHaveCount(0);
  });

  test('a new patient is booked with the first available doctor', async ({ page }) => {
    await page.goto('/book-appointment');
    await page.getByLabel('Search by Phone').fill('(917) 555-0199');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(toasts(page).getByText('Patient Not Found', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Phone Number')).toHaveValue('(917) 555-0199');
    await page.getByLabel('Full Name').fill('Nora Quinn');
    await page.getByLabel('Email').fill('nora.quinn@example.com');
    const date = weekdayAhead(8);
    const times = await chooseAppointment(page, date, 'First Available');
    await times.first().click();
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await expect(toasts(page).getByText('Appointment Booked Successfully!')).toBeVisible();

    const start = parseISO(date);
    const booked = (await weekAppointments(page, sunday(start))).filter(
      (a) => a.contact.name === 'Nora Quinn',
    );
    expect(booked).toHaveLength(1);
    expect(booked[0]!.notes).toContain('nora.quinn@example.com');
  });

  test('a time taken in between gets the already-booked message', async ({ page }) => {
    await page.goto('/book-appointment');
    const { providers } = await apiGet<{ providers: ProviderItem[] }>(page, '/api/providers');
    await page.getByLabel('Full Name').fill('Omar Reyes');
    await page.getByLabel('Phone Number').fill('(917) 555-0142');
    const date = weekdayAhead(9);
    const times = await chooseAppointment(page, date, providers[1]!.display_name);
    await times.first().click();
    const slots = await apiGet<{ slots: { time: string }[] }>(
      page,
      `/api/slots/${date}/${providers[1]!.remote_id}?appointment_type=dental_checkup`,
    );
    const time = slots.slots[0]!.time;
    const taken = await webhook(page, 'bookAppointment', {
      appointment_type: 'dental_checkup',
      date,
      time,
      provider_id: providers[1]!.remote_id,
      patient_info: { name: 'Someone Else', phone_number: '(917) 555-0143' },
    });
    expect(taken.ok()).toBe(true);
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await expect(toasts(page).getByText('Booking Failed', { exact: true })).toBeVisible();
    await expect(toasts(page).getByText(bookedMessage(time, date))).toBeVisible();
  });

  test("without a doctor the booking asks for it: 'Missing Information'", async ({ page }) => {
    await page.goto('/book-appointment');
    await page.getByLabel('Full Name').fill('Pia Sato');
    await page.getByLabel('Phone Number').fill('(917) 555-0150');
    const times = await chooseAppointment(page, weekdayAhead(10), 'First Available');
    await times.first().click();
    await page.getByLabel('Doctor').selectOption({ label: 'Select a doctor' });
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await expect(toasts(page).getByText('Missing Information', { exact: true })).toBeVisible();
    await expect(
      toasts(page).getByText('Please fill in all required fields including doctor selection.'),
    ).toBeVisible();
  });

  test('a booking sent while the server is unreachable waits in the outbox and is delivered once', async ({
    page,
  }) => {
    await page.goto('/book-appointment');
    await page.getByLabel('Full Name').fill('Quinn Ito');
    await page.getByLabel('Phone Number').fill('(917) 555-0161');
    const date = weekdayAhead(11);
    const times = await chooseAppointment(page, date, 'First Available');
    await times.first().click();

    await page.route('**/webhook', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    await expect(toasts(page).getByText('Appointment Request Submitted', { exact: true })).toBeVisible();
    const reference = (await toasts(page)
      .getByText(/Confirmation: WEB-/)
      .textContent())!.match(/WEB-[A-Z2-9]{8}/)![0];
    await expect(page.getByText('Waiting to send')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('bookingOutbox'))).toContain(reference);

    await page.unroute('**/webhook');
    await expect(toasts(page).getByText('Appointment Booked Successfully!')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Waiting to send')).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('bookingOutbox'))).toBeNull();
    const booked = (await weekAppointments(page, sunday(parseISO(date)))).filter(
      (a) => a.contact.name === 'Quinn Ito',
    );
    expect(booked).toHaveLength(1);
  });
});
