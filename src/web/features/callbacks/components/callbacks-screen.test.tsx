import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Callback } from '#shared/schemas/callbacks';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { CallbacksScreen } from './callbacks-screen';
import { OpenCallbacksCard } from './open-callbacks-card';

const TASK: Callback = {
  id: 'cb-1',
  callId: 'call-1',
  callerName: 'Ivy Stone',
  callerNumber: '+12125550111',
  appointmentType: 'filling',
  preferredDate: '2026-11-27',
  preferredTime: '14:00',
  dueAt: '2026-11-23T14:00:00.000Z',
  status: 'open',
  takenBy: null,
  note: null,
  createdAt: '2026-11-23T13:10:00.000Z',
  closedAt: null,
};

describe('CallbacksScreen', () => {
  it('lists open tasks with what the caller wanted, and closes one with a note', async () => {
    const api = mockApi({
      'GET /api/callbacks': { body: { callbacks: [TASK] } },
      'PATCH /api/callbacks/cb-1': { body: { callback: { ...TASK, status: 'done', note: 'Booked Friday' } } },
    });
    renderWithApp(<CallbacksScreen />, { route: '/callbacks' });
    const row = await screen.findByTestId('callback-row');
    expect(within(row).getByText('Ivy Stone')).toBeTruthy();
    expect(within(row).getByText('Filling · 2026-11-27 · 14:00')).toBeTruthy();
    expect(api.calls[0]!.search.get('status')).toBe('open');
    const close = within(row).getByRole('button', { name: 'Close' }) as HTMLButtonElement;
    expect(close.disabled).toBe(true);
    fireEvent.change(within(row).getByLabelText('Note for Ivy Stone'), {
      target: { value: 'Booked Friday' },
    });
    await userEvent.setup().click(close);
    expect(await screen.findByText('Callback closed')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      status: 'done',
      note: 'Booked Friday',
    });
  });

  it('lets staff take a task', async () => {
    const api = mockApi({
      'GET /api/callbacks': { body: { callbacks: [TASK] } },
      'PATCH /api/callbacks/cb-1': { body: { callback: TASK } },
    });
    renderWithApp(<CallbacksScreen />, { route: '/callbacks' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Take' }));
    expect(api.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ take: true });
  });

  it('books from a task with the detected fields prefilled, at the nearest free time', async () => {
    const api = mockApi({
      'GET /api/callbacks': { body: { callbacks: [TASK] } },
      'POST /api/callbacks/cb-1/book': {
        body: {
          success: true,
          appointment: {
            confirmation_number: 'C555',
            date: '2026-11-27',
            time: '14:30',
            start_time: '2026-11-27T14:30:00',
            provider_id: 'p1',
            provider_name: 'Dr. Patel',
            appointment_type: 'filling',
            patient_id: 'x',
            patient_name: 'Ivy Stone',
          },
          error: null,
          message: 'Booked.',
        },
      },
    });
    renderWithApp(<CallbacksScreen mayBook />, { route: '/callbacks' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Book' }));
    const form = screen.getByTestId('callback-booking');
    expect((within(form).getByLabelText('Patient name') as HTMLInputElement).value).toBe('Ivy Stone');
    expect((within(form).getByLabelText('Appointment type') as HTMLSelectElement).value).toBe('filling');
    expect((within(form).getByLabelText('Date') as HTMLInputElement).value).toBe('2026-11-27');
    await user.click(within(form).getByRole('button', { name: 'Book Appointment' }));
    expect(await screen.findByText('Appointment Booked Successfully!')).toBeTruthy();
    // The time the server found is the one shown.
    expect(screen.getByText(/Ivy Stone, 2026-11-27 at 14:30\. Confirmation number C555\./)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/callbacks/cb-1/book')!.body).toEqual({
      appointment_type: 'filling',
      date: '2026-11-27',
      time: '14:00',
      patient_info: { name: 'Ivy Stone', phone_number: '+12125550111' },
    });
    // The server closed the task; the list is read again.
    await screen.findByText('Callbacks');
    expect(api.calls.filter((c) => c.path === '/api/callbacks').length).toBeGreaterThan(1);
    expect(api.calls.find((c) => c.method === 'PATCH')).toBeUndefined();
  });

  it('shows a refused booking, take or load with the server text, never a status code', async () => {
    const refusal = (status: number, message: string) => ({
      status,
      body: { message, code: 'conflict', requestId: 'r' },
    });
    mockApi({
      'GET /api/callbacks': { body: { callbacks: [TASK] } },
      'POST /api/callbacks/cb-1/book': refusal(409, 'The practice is closed on that day.'),
      'PATCH /api/callbacks/cb-1': refusal(503, 'Schedule offline'),
    });
    renderWithApp(<CallbacksScreen mayBook />, { route: '/callbacks' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Book' }));
    await user.click(
      within(screen.getByTestId('callback-booking')).getByRole('button', { name: 'Book Appointment' }),
    );
    expect(await screen.findByText('Booking Failed')).toBeTruthy();
    expect(screen.getByText('The practice is closed on that day.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Take' }));
    expect(await screen.findByText('Schedule offline')).toBeTruthy();
    expect(screen.queryByText(/\d{3}: /)).toBeNull();
  });

  it('says why the list could not be loaded without the status code', async () => {
    mockApi({
      'GET /api/callbacks': {
        status: 503,
        body: { message: 'Schedule offline', code: 'busy', requestId: 'r' },
      },
    });
    renderWithApp(<CallbacksScreen />, { route: '/callbacks' });
    expect(await screen.findByText('Could not load callbacks. Schedule offline')).toBeTruthy();
  });

  it('offers no booking to those who may not book', async () => {
    mockApi({ 'GET /api/callbacks': { body: { callbacks: [TASK] } } });
    renderWithApp(<CallbacksScreen />, { route: '/callbacks' });
    await screen.findByTestId('callback-row');
    expect(screen.queryByRole('button', { name: 'Book' })).toBeNull();
  });

  it('says when nobody is waiting', async () => {
    mockApi({ 'GET /api/callbacks': { body: { callbacks: [] } } });
    renderWithApp(<CallbacksScreen />, { route: '/callbacks' });
    expect(await screen.findByText('No callers are waiting for a call back.')).toBeTruthy();
  });

  it('counts open tasks for the Overview', async () => {
    mockApi({ 'GET /api/callbacks': { body: { callbacks: [TASK, { ...TASK, id: 'cb-2' }] } } });
    renderWithApp(<OpenCallbacksCard />, { route: '/' });
    expect((await screen.findByTestId('count-Open callbacks')).textContent).toBe('2');
  });
});
