import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DemoRequest } from '#shared/schemas/demo-requests';
import { mockApi, pending } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { DemoRequestsScreen } from './demo-requests-screen';

const REQUEST: DemoRequest = {
  id: 'd-1',
  name: 'Dr. Lee Park',
  email: 'lee@parkvet.example',
  mobile: '+15550100142',
  solution: 'veterinary-clinics',
  kind: 'demo',
  sourcePage: '/pricing',
  createdAt: '2026-03-02T15:30:00.000Z',
  contactedAt: null,
  convertedPracticeId: null,
};

/** Pastes instead of typing key by key: the dialog's long time-zone list makes each keystroke slow. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
}

describe('DemoRequestsScreen', () => {
  it('shows a spinner while the requests load', async () => {
    mockApi({ 'GET /api/demo-requests': pending });
    renderWithApp(<DemoRequestsScreen />);
    expect((await screen.findByRole('status')).textContent).toBe('Loading demo requests');
  });

  it('says when there are none yet', async () => {
    mockApi({ 'GET /api/demo-requests': { body: { demoRequests: [] } } });
    renderWithApp(<DemoRequestsScreen />);
    expect(await screen.findByText('No demo requests yet.')).toBeTruthy();
  });

  it('shows a failed load and loads again on Try again', async () => {
    let attempts = 0;
    mockApi({
      'GET /api/demo-requests': () =>
        ++attempts === 1
          ? { status: 500, body: { message: 'Something went wrong' } }
          : { body: { demoRequests: [REQUEST] } },
    });
    renderWithApp(<DemoRequestsScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Could not load demo requests. Please try again.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Dr. Lee Park')).toBeTruthy();
  });

  it('lists each request and marks one contacted', async () => {
    const { calls } = mockApi({
      'GET /api/demo-requests': { body: { demoRequests: [REQUEST] } },
      'PATCH /api/demo-requests/d-1': {
        body: { demoRequest: { ...REQUEST, contactedAt: '2026-03-03T09:00:00.000Z' } },
      },
    });
    renderWithApp(<DemoRequestsScreen />);
    const row = await screen.findByTestId('demo-request-row');
    expect(row.textContent).toContain('lee@parkvet.example');
    expect(row.textContent).toContain('Veterinary Clinics');
    expect(row.textContent).toContain('New');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Contacted: Dr. Lee Park' }));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ contacted: true });
  });

  it('a failed mark shows the error toast with the message', async () => {
    mockApi({
      'GET /api/demo-requests': { body: { demoRequests: [REQUEST] } },
      'PATCH /api/demo-requests/d-1': { status: 404, body: { message: 'Unknown demo request.' } },
    });
    renderWithApp(<DemoRequestsScreen />);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Contacted: Dr. Lee Park' }));
    expect(await screen.findByText('Unknown demo request.')).toBeTruthy();
  });

  it('creates a practice from a request: the dialog is prefilled and names the request', async () => {
    const request = { ...REQUEST, id: '7d1c0a52-59c1-4b8e-9a41-2f0c6b1e8d11' };
    const { calls } = mockApi({
      'GET /api/demo-requests': { body: { demoRequests: [request] } },
      'POST /api/practices': {
        status: 201,
        body: {
          practice: {
            id: 'p-9',
            name: 'Park Veterinary',
            practiceType: 'veterinary-clinics',
            timeZone: 'America/New_York',
            status: 'active',
            createdAt: '2026-03-03T09:00:00.000Z',
          },
          invitation: { id: 'i-1', email: REQUEST.email, expiresAt: '2026-03-06T09:00:00.000Z' },
        },
      },
    });
    renderWithApp(<DemoRequestsScreen />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Create a practice from this request: Dr. Lee Park' }),
    );
    const dialog = screen.getByRole('dialog');
    expect((within(dialog).getByLabelText('Practice name') as HTMLInputElement).value).toBe('Dr. Lee Park');
    expect((within(dialog).getByLabelText('Practice type') as HTMLSelectElement).value).toBe(
      'veterinary-clinics',
    );
    expect((within(dialog).getByLabelText("First admin's e-mail") as HTMLInputElement).value).toBe(
      REQUEST.email,
    );
    await fill(within(dialog).getByLabelText('Practice name'), 'Park Veterinary');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Practice' }));
    expect(
      await screen.findByText(`Park Veterinary created. Invitation sent to ${REQUEST.email}`),
    ).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      name: 'Park Veterinary',
      practiceType: 'veterinary-clinics',
      adminEmail: REQUEST.email,
      demoRequestId: request.id,
    });
  });

  it('shows a converted request as done, with no second create', async () => {
    mockApi({
      'GET /api/demo-requests': { body: { demoRequests: [{ ...REQUEST, convertedPracticeId: 'p-9' }] } },
    });
    renderWithApp(<DemoRequestsScreen />);
    expect(await screen.findByText('Practice created')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Create a practice/ })).toBeNull();
  });
});
