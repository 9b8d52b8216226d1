import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BookAppointmentResult } from '#shared/schemas/schedule';
import { mockApi, type ApiCall } from '../../../test/mock-api';
import { renderWithApp, TEST_FRONT_DESK } from '../../../test/render';
import { BookAppointmentScreen } from './book-appointment-screen';

const DOCTOR = { remote_id: 'p1', name: 'Emily Thompson', display_name: 'Dr. Emily Thompson' };
const DATE = '2030-01-07';

const booked = (patient: string, confirmation: string, time = '09:00'): BookAppointmentResult => ({
  success: true,
  appointment: {
    confirmation_number: confirmation,
    date: DATE,
    time,
    start_time: `${DATE}T${time}:00`,
    provider_id: DOCTOR.remote_id,
    provider_name: DOCTOR.display_name,
    appointment_type: 'filling',
    patient_id: 'pat-1',
    patient_name: patient,
  },
  error: null,
  message: 'Booked.',
});

type WebhookReply = { status?: number; body: unknown };

function renderScreen(webhook: (call: ApiCall) => WebhookReply) {
  const api = mockApi({
    'GET /api/providers': { body: { providers: [DOCTOR] } },
    [`GET /api/slots/${DATE}/${DOCTOR.remote_id}`]: {
      body: {
        slots: ['09:00', '09:30'].map((time) => ({
          time,
          start_time: `${DATE}T${time}:00`,
          provider_id: DOCTOR.remote_id,
          provider_name: DOCTOR.display_name,
        })),
      },
    },
    'POST /webhook': webhook,
  });
  renderWithApp(<BookAppointmentScreen onBooked={async () => undefined} />, { user: TEST_FRONT_DESK });
  return api;
}

async function fillAndBook(name: string, time = '9:00 AM') {
  await userEvent.selectOptions(screen.getByLabelText('Service'), 'filling');
  await userEvent.selectOptions(
    screen.getByLabelText('Doctor'),
    await screen.findByRole('option', { name: DOCTOR.display_name }),
  );
  fireEvent.change(screen.getByLabelText('Date'), { target: { value: DATE } });
  await userEvent.click(await screen.findByRole('button', { name: time }));
  await userEvent.type(screen.getByLabelText('Full Name'), name);
  await userEvent.type(screen.getByLabelText('Phone Number'), '(555) 123-4567');
  await userEvent.click(screen.getByRole('button', { name: 'Book Appointment' }));
}

const functionName = (call: ApiCall) => (call.body as { functionCall: { name: string } }).functionCall.name;

describe('BookAppointmentScreen', () => {
  it('keeps the last booking on screen, with a copyable confirmation number, until the next one', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    let n = 0;
    renderScreen(() => {
      n += 1;
      return { body: n === 1 ? booked('Ann Lee', 'ABC234') : booked('Bob Ray', 'XYZ789', '09:30') };
    });
    await fillAndBook('Ann Lee');

    const last = await screen.findByRole('region', { name: 'Last booking' });
    for (const text of ['Ann Lee', DATE, '9:00 AM', DOCTOR.display_name, 'ABC234'])
      expect(within(last).getByText(text)).toBeTruthy();
    // The form is reset for the next patient; the booking stays.
    expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('');
    await userEvent.click(within(last).getByRole('button', { name: 'Copy confirmation number' }));
    expect(writeText).toHaveBeenCalledWith('ABC234');
    expect(within(last).getByRole('button', { name: 'Confirmation number copied' })).toBeTruthy();

    await fillAndBook('Bob Ray', '9:30 AM');
    expect(await within(last).findByText('XYZ789')).toBeTruthy();
    expect(within(last).queryByText('ABC234')).toBeNull();
    expect(within(last).getByText('Bob Ray')).toBeTruthy();
  }, 30_000);

  it('says the practice is closed then and offers the nearest open times', async () => {
    const message =
      'The practice is closed on Sunday, January 6 at 9:00 AM. The nearest open times are Monday, January 7 at 9:00 AM, 9:30 AM.';
    renderScreen(() => ({
      status: 409,
      body: { success: false, message, code: 'closed', requestId: 'r1', error: message },
    }));
    await fillAndBook('Ann Lee');
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText(/^409/)).toBeNull();
    expect(screen.queryByText(/already booked/)).toBeNull();
  }, 15_000);

  it('says what is wrong with an invalid phone number in patient search, without asking the server', async () => {
    const api = renderScreen(() => ({ body: {} }));
    await userEvent.type(screen.getByLabelText('Search by Phone'), '555-1234');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    // The toast itself: its screen-reader announcement repeats the text a moment later.
    const title = await screen.findByText('Invalid Phone Number');
    expect(title.parentElement?.textContent).toMatch(/too short/);
    expect(screen.queryByText('Search Unavailable')).toBeNull();
    expect(api.calls.filter((c) => c.path === '/webhook')).toEqual([]);
  });

  it("shows the server's reason when it refuses the number, without the status prefix", async () => {
    const api = renderScreen((call) =>
      functionName(call) === 'findPatient'
        ? {
            status: 400,
            body: {
              success: false,
              message: 'The phone number does not have the right number of digits for its country.',
              code: 'bad_request',
              requestId: 'r1',
            },
          }
        : { body: {} },
    );
    await userEvent.type(screen.getByLabelText('Search by Phone'), '(555) 123-4567');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Invalid Phone Number')).toBeTruthy();
    expect(
      screen.getByText('The phone number does not have the right number of digits for its country.'),
    ).toBeTruthy();
    expect(screen.queryByText('Search Unavailable')).toBeNull();
    expect(api.calls.some((c) => c.path === '/webhook')).toBe(true);
  });
});
