import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, format, startOfWeek } from 'date-fns';
import { describe, expect, it } from 'vitest';
import type { AppointmentItem } from '#shared/schemas/schedule';
import { mockApi, pending } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { AppointmentsCalendarScreen } from './appointments-calendar-screen';

const CONNECTOR = { name: 'Bright Smile Dental', connectorId: 'sandbox' };
const monday = addDays(startOfWeek(new Date(), { weekStartsOn: 0 }), 1);
const day = format(monday, 'yyyy-MM-dd');
const APPOINTMENT: AppointmentItem = {
  remote_id: 'appt-1',
  start_time: `${day}T14:00:00.000Z`,
  end_time: `${day}T14:30:00.000Z`,
  wall_start_time: `${day}T10:00:00`,
  wall_end_time: `${day}T10:30:00`,
  contact: { given_name: 'Nora', family_name: 'Quinn', name: 'Nora Quinn' },
  resources: [],
  providers: [{ remote_id: 'p-1', display_name: 'Dr. Sarah Chen' }],
  operatory: 'Room 1',
  appointment_type: 'dental_checkup',
  notes: '',
  confirmed: true,
  completed: false,
  cancelled: false,
  no_show: false,
  confirmation_number: 'BS-1',
};
const count = (label: string) => screen.getByTestId(`count-${label}`).textContent;

describe('AppointmentsCalendarScreen', () => {
  it('says it is loading and checking the integration', async () => {
    mockApi({ 'GET /api/appointments': pending });
    renderWithApp(<AppointmentsCalendarScreen activeConnector={undefined} />);
    expect(await screen.findByText('Loading appointments...')).toBeTruthy();
    expect(screen.getByText('Checking integration...')).toBeTruthy();
  });

  it('says when the week has no appointments, and when no connector is active', async () => {
    mockApi({ 'GET /api/appointments': { body: { appointments: [] } } });
    renderWithApp(<AppointmentsCalendarScreen activeConnector={CONNECTOR} />);
    expect(await screen.findByText('No appointments scheduled for this week')).toBeTruthy();
    expect(count('Total Appointments')).toBe('0');
    cleanup();
    renderWithApp(<AppointmentsCalendarScreen activeConnector={null} isAdmin />);
    expect(await screen.findByText('No active connector')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Linked Accounts' }).getAttribute('href')).toBe(
      '/linked-accounts',
    );
  });

  it('shows the connection error of the spec when the week fails to load', async () => {
    mockApi({ 'GET /api/appointments': { status: 502, body: { message: 'Bad gateway' } } });
    renderWithApp(<AppointmentsCalendarScreen activeConnector={CONNECTOR} />);
    expect(await screen.findByText('Connection error - check system status')).toBeTruthy();
  });

  it("shows the week's appointments with counters and asks for the next week's range", async () => {
    const { calls } = mockApi({
      'GET /api/appointments': ({ search }) => ({
        body: {
          appointments:
            search.get('start') === format(addDays(monday, -1), 'yyyy-MM-dd') ? [APPOINTMENT] : [],
        },
      }),
    });
    renderWithApp(<AppointmentsCalendarScreen activeConnector={CONNECTOR} />);
    expect(await screen.findByText('1 real appointments loaded')).toBeTruthy();
    expect(screen.getByText('Integration Active')).toBeTruthy();
    expect(screen.getByText('sandbox')).toBeTruthy();
    expect(count('Total Appointments')).toBe('1');
    expect(count('Confirmed')).toBe('1');
    expect(screen.getByText('Nora Quinn')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByText('No appointments scheduled for this week')).toBeTruthy();
    expect(calls.at(-1)?.search.get('start')).toBe(format(addDays(monday, 6), 'yyyy-MM-dd'));
  });
});
