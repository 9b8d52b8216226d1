import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppointmentItem } from '#shared/schemas/schedule';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp, TEST_FRONT_DESK } from '../../../test/render';
import { AppointmentsCalendarScreen } from './appointments-calendar-screen';

const SANDBOX = { name: 'Bright Smile Dental', connectorId: 'sandbox' };

const appointment = (wallStart: string): AppointmentItem => ({
  remote_id: 'appt-1',
  start_time: '2026-03-04T14:00:00.000Z',
  end_time: '2026-03-04T14:30:00.000Z',
  wall_start_time: wallStart,
  wall_end_time: wallStart.replace(/T(\d\d):00/, 'T$1:30'),
  contact: { given_name: 'Ann', family_name: 'Lee', name: 'Ann Lee' },
  resources: [
    { type: 'PROVIDER', remote_id: 'p1', display_name: 'Dr. Sarah Smith' },
    { type: 'OPERATORY', remote_id: 'o1', display_name: 'Operatory 2' },
  ],
  providers: [{ remote_id: 'p1', display_name: 'Dr. Sarah Smith' }],
  operatory: 'Operatory 2',
  appointment_type: 'filling',
  notes: '',
  confirmed: true,
  completed: false,
  cancelled: false,
  no_show: false,
  confirmation_number: 'ABC234',
});

afterEach(() => vi.useRealTimers());

describe('AppointmentsCalendarScreen', () => {
  it('shows the dentist as Provider and the room as Location on the hover card', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 2, 4, 8, 0) });
    mockApi({
      'GET /api/appointments': {
        body: { appointments: [appointment('2026-03-04T09:00:00')], time_zone: 'UTC' },
      },
    });
    renderWithApp(<AppointmentsCalendarScreen activeConnector={SANDBOX} />);
    await userEvent.hover(await screen.findByRole('button', { name: /Ann Lee/ }));
    const card = screen.getByRole('tooltip');
    const value = (label: string) => within(card).getByText(label).nextElementSibling?.textContent;
    expect(value('Provider')).toBe('Dr. Sarah Smith');
    expect(value('Location')).toBe('Operatory 2');
  });

  it('lets staff mark a visit that has started kept or a no-show, and shows its outcome (issue 25)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 2, 4, 12, 0) });
    const past = { ...appointment('2026-03-04T09:00:00'), start_time: new Date(2026, 2, 4, 9).toISOString() };
    const ahead = {
      ...appointment('2026-03-05T09:00:00'),
      remote_id: 'appt-2',
      contact: { given_name: 'Bo', family_name: 'Park', name: 'Bo Park' },
      start_time: new Date(2026, 2, 5, 9).toISOString(),
    };
    let marked = false;
    const api = mockApi({
      'GET /api/appointments': () => ({
        body: {
          appointments: [marked ? { ...past, cancelled: true, no_show: true } : past, ahead],
          time_zone: 'UTC',
        },
      }),
      'POST /api/appointments/appt-1/outcome': () => {
        marked = true;
        return { body: { appointment: { ...past, cancelled: true, no_show: true } } };
      },
    });
    renderWithApp(<AppointmentsCalendarScreen activeConnector={SANDBOX} canSettle />);
    const chip = await screen.findByRole('button', { name: /Ann Lee/ });
    await userEvent.hover(chip);
    const value = (label: string) =>
      within(screen.getByRole('tooltip')).getByText(label).nextElementSibling?.textContent;
    expect(value('Outcome')).toBe('Not marked yet');
    // A visit still ahead offers nothing to mark.
    expect(screen.getByRole('button', { name: /Bo Park/ }).getAttribute('aria-haspopup')).toBeNull();
    await userEvent.click(chip);
    const dialog = await screen.findByRole('dialog', { name: 'What happened to this visit?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'No-show' }));
    expect(await screen.findByText('Visit marked no-show')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ outcome: 'no_show' });
    const missed = await screen.findByRole('button', { name: /Ann Lee/ });
    await vi.waitFor(() => expect(missed.getAttribute('data-status')).toBe('no_show'));
    await userEvent.hover(missed);
    expect(value('Outcome')).toBe('No-show');
    // The status badge and the outcome line.
    expect(within(screen.getByRole('tooltip')).getAllByText('No-show')).toHaveLength(2);
  });

  it("highlights the practice's today and shows its week, not the browser's", async () => {
    // Saturday 23:30 in the browser is already Sunday on Kiritimati (UTC+14), the practice's zone here.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 2, 7, 23, 30) });
    const api = mockApi({
      'GET /api/appointments': { body: { appointments: [], time_zone: 'Pacific/Kiritimati' } },
    });
    renderWithApp(<AppointmentsCalendarScreen activeConnector={SANDBOX} />);
    expect(await screen.findByRole('heading', { name: 'Mar 8 - Mar 14, 2026' })).toBeTruthy();
    const today = screen.getByRole('columnheader', { current: 'date' });
    expect(today.textContent).toBe('Sun8');
    expect(api.calls.at(-1)?.search.get('start')).toBe('2026-03-08');

    await userEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(await screen.findByRole('heading', { name: 'Mar 8 - Mar 14, 2026' })).toBeTruthy();
  });

  it("says 'No assigned connectors' to a user with no linked account, and loads nothing", async () => {
    const api = mockApi({});
    renderWithApp(<AppointmentsCalendarScreen activeConnector={null} />, { user: TEST_FRONT_DESK });
    expect(await screen.findByText('No assigned connectors')).toBeTruthy();
    expect(screen.queryByText('Integration Active')).toBeNull();
    expect(screen.queryByText(/Connection error/)).toBeNull();
    expect(api.calls).toEqual([]);
  });
});
