import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, format } from 'date-fns';
import { describe, expect, it, vi } from 'vitest';
import { PAST_DATE_MESSAGE } from '#shared/schemas/schedule';
import { mockApi, pending } from '../../../test/mock-api';
import { renderWithApp, TEST_FRONT_DESK } from '../../../test/render';
import { BookAppointmentScreen } from './book-appointment-screen';

const PROVIDERS = { body: { providers: [{ remote_id: 'p-1', display_name: 'Dr. Sarah Chen' }] } };
const DATE = format(addDays(new Date(), 7), 'yyyy-MM-dd');
const SLOTS_PATH = `GET /api/slots/${DATE}/p-1`;
const noRefresh = () => Promise.resolve();

function renderScreen(onBooked: () => Promise<unknown> = noRefresh) {
  return renderWithApp(<BookAppointmentScreen onBooked={onBooked} />, { user: TEST_FRONT_DESK });
}

async function chooseAppointment() {
  await userEvent.selectOptions(screen.getByLabelText('Service'), 'Dental Checkup');
  await screen.findByRole('option', { name: 'Dr. Sarah Chen' });
  await userEvent.selectOptions(screen.getByLabelText('Doctor'), 'Dr. Sarah Chen');
  fireEvent.change(screen.getByLabelText('Date'), { target: { value: DATE } });
}

describe('BookAppointmentScreen', () => {
  it("shows a found patient's kept and missed visits (issue 25)", async () => {
    const { calls } = mockApi({
      'GET /api/providers': PROVIDERS,
      'POST /webhook': {
        body: {
          success: true,
          message: 'Found',
          patient: { id: 'pat-1', name: 'Ann Lee', phone_number: '+15551234567', email: null },
        },
      },
      'GET /api/patient-visits': {
        body: { kept: 4, noShow: 1, cancelled: 2, unresolved: 0, upcoming: 1 },
      },
    });
    renderScreen();
    await userEvent.type(screen.getByLabelText('Search by Phone'), '(555) 123-4567');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByTestId('patient-visits')).textContent).toBe(
      'Visits in the last two years: 4 kept · 1 no-show · 2 cancelled · 1 ahead',
    );
    expect(calls.find((c) => c.path === '/api/patient-visits')?.search.get('patientId')).toBe('pat-1');
  });

  it('asks for a date and a doctor before it loads times, then shows that it is loading them', async () => {
    mockApi({ 'GET /api/providers': PROVIDERS, [SLOTS_PATH]: pending });
    renderScreen();
    expect(screen.getByText('Choose a date and a doctor to see the open times.')).toBeTruthy();
    await chooseAppointment();
    expect((await screen.findByRole('status')).textContent).toBe('Loading available times');
  });

  it('keeps a date typed year by year, and says so of a past one without wiping it', async () => {
    const { calls } = mockApi({ 'GET /api/providers': PROVIDERS, [SLOTS_PATH]: { body: { slots: [] } } });
    renderScreen();
    await userEvent.selectOptions(screen.getByLabelText('Service'), 'Dental Checkup');
    await screen.findByRole('option', { name: 'Dr. Sarah Chen' });
    await userEvent.selectOptions(screen.getByLabelText('Doctor'), 'Dr. Sarah Chen');
    const field = screen.getByLabelText('Date') as HTMLInputElement;
    // What Chromium's date field reports while the year's digits are typed one by one.
    const year = DATE.slice(0, 4);
    for (const partial of [`000${year[0]}`, `00${year.slice(0, 2)}`, `0${year.slice(0, 3)}`]) {
      fireEvent.change(field, { target: { value: `${partial}${DATE.slice(4)}` } });
      expect(field.value).toBe(`${partial}${DATE.slice(4)}`);
      expect(screen.queryByText(PAST_DATE_MESSAGE)).toBeNull();
    }
    fireEvent.change(field, { target: { value: DATE } });
    expect(await screen.findByText('No available times on this date')).toBeTruthy();
    expect(field.value).toBe(DATE);

    fireEvent.change(field, { target: { value: '2020-01-06' } });
    expect(screen.getByText(PAST_DATE_MESSAGE)).toBeTruthy();
    expect(field.value).toBe('2020-01-06');
    expect(calls.filter((c) => c.path.startsWith('/api/slots/')).map((c) => c.path)).toEqual([
      `/api/slots/${DATE}/p-1`,
    ]);
  });

  it('says when the day has no open time', async () => {
    mockApi({ 'GET /api/providers': PROVIDERS, [SLOTS_PATH]: { body: { slots: [] } } });
    renderScreen();
    await chooseAppointment();
    expect(await screen.findByText('No available times on this date')).toBeTruthy();
  });

  it('falls back to the usual hours and warns when the times cannot be loaded', async () => {
    mockApi({ 'GET /api/providers': PROVIDERS, [SLOTS_PATH]: { status: 503, body: { message: 'Down' } } });
    renderScreen();
    await chooseAppointment();
    expect(await screen.findByText('Service Unavailable')).toBeTruthy();
    expect(
      screen.getByRole('group', { name: 'Available Times' }).querySelectorAll('button').length,
    ).toBeGreaterThan(0);
  });

  it('books a new patient, says so, resets the form and refreshes the calendar', async () => {
    const onBooked = vi.fn(() => Promise.resolve());
    const { calls } = mockApi({
      'GET /api/providers': PROVIDERS,
      [SLOTS_PATH]: {
        body: {
          slots: [
            { time: '09:00', provider_id: 'p-1' },
            { time: '09:30', provider_id: 'p-1' },
          ],
        },
      },
      'POST /webhook': {
        body: {
          success: true,
          appointment: {
            confirmation_number: 'BS-42',
            date: DATE,
            time: '09:30',
            patient_name: 'Omar Reyes',
          },
        },
      },
    });
    renderScreen(onBooked);
    await userEvent.type(screen.getByLabelText('Full Name'), 'Omar Reyes');
    await userEvent.type(screen.getByLabelText('Phone Number'), '+19175550142');
    await chooseAppointment();
    await userEvent.click(await screen.findByRole('button', { name: '9:30 AM' }));
    await userEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));

    expect(await screen.findByText('Appointment Booked Successfully!')).toBeTruthy();
    const booking = calls.find((call) => call.path === '/webhook')!;
    expect(booking.body).toMatchObject({
      type: 'function-call',
      functionCall: {
        name: 'bookAppointment',
        parameters: {
          appointment_type: 'dental_checkup',
          date: DATE,
          time: '09:30',
          provider_id: 'p-1',
          patient_info: { name: 'Omar Reyes', phone_number: '+19175550142' },
        },
      },
    });
    expect(onBooked).toHaveBeenCalledTimes(1);
    await waitFor(() => expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe(''));
  });

  it("shows the server's refusal as 'Booking Failed' and keeps the form", async () => {
    const onBooked = vi.fn(() => Promise.resolve());
    mockApi({
      'GET /api/providers': PROVIDERS,
      [SLOTS_PATH]: { body: { slots: [{ time: '09:00', provider_id: 'p-1' }] } },
      'POST /webhook': { status: 409, body: { message: 'That time is already booked' } },
    });
    renderScreen(onBooked);
    await userEvent.type(screen.getByLabelText('Full Name'), 'Omar Reyes');
    await userEvent.type(screen.getByLabelText('Phone Number'), '+19175550142');
    await chooseAppointment();
    await userEvent.click(await screen.findByRole('button', { name: '9:00 AM' }));
    await userEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
    expect(await screen.findByText('Booking Failed')).toBeTruthy();
    expect(onBooked).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('Omar Reyes');
  });
});
