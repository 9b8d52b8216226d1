import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Practice } from '#shared/schemas/practices';
import { heldReply, mockApi, pending } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { PracticesScreen } from './practices-screen';

const PRACTICE: Practice = {
  id: 'p-1',
  name: 'Bright Smile Dental',
  practiceType: 'dental-practices',
  timeZone: 'America/New_York',
  status: 'active',
  createdAt: '2026-01-05T10:00:00.000Z',
};
const PAWS: Practice = {
  ...PRACTICE,
  id: 'p-2',
  name: 'Paws & Claws Veterinary',
  practiceType: 'veterinary-clinics',
  timeZone: 'America/Chicago',
  status: 'suspended',
};
const list = (practices: Practice[]) => ({ body: { practices } });

/** Pastes instead of typing key by key: the dialog's long time-zone list makes each keystroke slow. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
}

describe('PracticesScreen', () => {
  it('shows a spinner while the practices load', async () => {
    mockApi({ 'GET /api/practices': pending });
    renderWithApp(<PracticesScreen />);
    expect((await screen.findByRole('status')).textContent).toBe('Loading practices');
  });

  it('says when there are none', async () => {
    mockApi({ 'GET /api/practices': list([]) });
    renderWithApp(<PracticesScreen />);
    expect(await screen.findByText('No practices yet.')).toBeTruthy();
  });

  it('shows a failed load and loads again on Try again', async () => {
    let attempts = 0;
    mockApi({
      'GET /api/practices': () =>
        ++attempts === 1 ? { status: 500, body: { message: 'Something went wrong' } } : list([PRACTICE]),
    });
    renderWithApp(<PracticesScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load practices.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Bright Smile Dental')).toBeTruthy();
  });

  it('lists each practice with its type, time zone, status and the action that fits', async () => {
    mockApi({ 'GET /api/practices': list([PRACTICE, PAWS]) });
    renderWithApp(<PracticesScreen />);
    const rows = await screen.findAllByTestId('practice-row');
    expect(rows[0]!.textContent).toContain('Dental Practices');
    expect(rows[0]!.textContent).toContain('America/New York');
    expect(rows[0]!.textContent).toContain('Active');
    expect(rows[0]!.textContent).toContain('Jan 5, 2026');
    expect(within(rows[1]!).getByText('Suspended')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Suspend Bright Smile Dental' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reactivate Paws & Claws Veterinary' })).toBeTruthy();
  });

  it('suspends after the confirmation, with a toast', async () => {
    const { calls } = mockApi({
      'GET /api/practices': list([PRACTICE]),
      'PATCH /api/practices/p-1': { body: { practice: { ...PRACTICE, status: 'suspended' } } },
    });
    renderWithApp(<PracticesScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Suspend Bright Smile Dental' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Its users are signed out');
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Bright Smile Dental suspended')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ status: 'suspended' });
  });

  it('a suspension that ends after its dialog was closed leaves the next dialog open, and is told', async () => {
    const held = heldReply();
    mockApi({
      'GET /api/practices': list([PRACTICE, PAWS]),
      'PATCH /api/practices/p-1': held.route,
    });
    renderWithApp(<PracticesScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Suspend Bright Smile Dental' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Suspend' }));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Reactivate Paws & Claws Veterinary' }));
    held.answer({ body: { practice: { ...PRACTICE, status: 'suspended' } } });
    expect(await screen.findByText('Bright Smile Dental suspended')).toBeTruthy();
    expect(screen.getByRole('alertdialog').textContent).toContain('Paws & Claws Veterinary');
  });

  it('reactivates, and a failure shows the server message', async () => {
    mockApi({
      'GET /api/practices': list([PAWS]),
      'PATCH /api/practices/p-2': { status: 404, body: { message: 'That practice does not exist.' } },
    });
    renderWithApp(<PracticesScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reactivate Paws & Claws Veterinary' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reactivate' }),
    );
    expect(
      await screen.findByText('Failed to reactivate practice: That practice does not exist.'),
    ).toBeTruthy();
  });

  it('creates a practice: checks the fields, sends them and says who was invited', async () => {
    const { calls } = mockApi({
      'GET /api/practices': list([PRACTICE]),
      'POST /api/practices': {
        status: 201,
        body: {
          practice: { ...PAWS, id: 'p-3', name: 'Lakeside Spa', status: 'active' },
          invitation: { id: 'i-1', email: 'owner@lakeside.example', expiresAt: '2026-01-08T10:00:00.000Z' },
        },
      },
    });
    renderWithApp(<PracticesScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create Practice' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Practice' }));
    expect(within(dialog).getByText('Practice name is required')).toBeTruthy();
    expect(within(dialog).getByText('Please enter a valid email address')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await fill(within(dialog).getByLabelText('Practice name'), 'Lakeside Spa');
    await userEvent.selectOptions(within(dialog).getByLabelText('Practice type'), 'spas-wellness');
    await userEvent.selectOptions(within(dialog).getByLabelText('Time zone'), 'Europe/Berlin');
    await fill(within(dialog).getByLabelText("First admin's e-mail"), 'owner@lakeside.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Practice' }));
    expect(
      await screen.findByText('Lakeside Spa created. Invitation sent to owner@lakeside.example'),
    ).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Lakeside Spa',
      practiceType: 'spas-wellness',
      timeZone: 'Europe/Berlin',
      adminEmail: 'owner@lakeside.example',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the dialog open and shows why when the server refuses', async () => {
    mockApi({
      'GET /api/practices': list([PRACTICE]),
      'POST /api/practices': { status: 409, body: { message: 'A user with this email already exists.' } },
    });
    renderWithApp(<PracticesScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create Practice' }));
    const dialog = screen.getByRole('dialog');
    await fill(within(dialog).getByLabelText('Practice name'), 'Lakeside Spa');
    await fill(within(dialog).getByLabelText("First admin's e-mail"), 'admin@brightsmile.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Practice' }));
    expect(
      await screen.findByText('Failed to create practice: A user with this email already exists.'),
    ).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('closes the dialog and lists the practice when it was created but its admin not invited', async () => {
    const message =
      'Lakeside Spa was created, but its admin could not be invited: The mail server refused it.';
    let created = false;
    const lakeside = { ...PAWS, id: 'p-3', name: 'Lakeside Spa', status: 'active' as const };
    mockApi({
      'GET /api/practices': () => list(created ? [PRACTICE, lakeside] : [PRACTICE]),
      'GET /api/demo-requests': { body: { demoRequests: [] } },
      'POST /api/practices': () => {
        created = true;
        return { status: 502, body: { success: false, code: 'admin_not_invited', message } };
      },
    });
    renderWithApp(<PracticesScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create Practice' }));
    const dialog = screen.getByRole('dialog');
    await fill(within(dialog).getByLabelText('Practice name'), 'Lakeside Spa');
    await fill(within(dialog).getByLabelText("First admin's e-mail"), 'owner@lakeside.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Practice' }));
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Lakeside Spa')).toBeTruthy();
  });

  it('invites an admin again: only to an active practice, checks the address, says who was invited', async () => {
    const { calls } = mockApi({
      'GET /api/practices': list([PRACTICE, PAWS]),
      'POST /api/practices/p-1/invitations': {
        status: 201,
        body: {
          invitation: { id: 'i-2', email: 'new@brightsmile.example', expiresAt: '2026-01-08T10:00:00.000Z' },
        },
      },
    });
    renderWithApp(<PracticesScreen />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Invite an admin to Bright Smile Dental' }),
    );
    expect(screen.queryByRole('button', { name: 'Invite an admin to Paws & Claws Veterinary' })).toBeNull();
    const dialog = screen.getByRole('dialog', { name: 'Invite Admin' });
    await fill(within(dialog).getByLabelText("Admin's e-mail"), 'not an address');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(within(dialog).getByText('Please enter a valid email address')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await fill(within(dialog).getByLabelText("Admin's e-mail"), 'new@brightsmile.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('Invitation sent to new@brightsmile.example')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      adminEmail: 'new@brightsmile.example',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("keeps the invite dialog open with the server's reason when it refuses", async () => {
    mockApi({
      'GET /api/practices': list([PRACTICE]),
      'POST /api/practices/p-1/invitations': {
        status: 502,
        body: { message: 'The invitation e-mail could not be sent. Please try again later.' },
      },
    });
    renderWithApp(<PracticesScreen />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Invite an admin to Bright Smile Dental' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Invite Admin' });
    await fill(within(dialog).getByLabelText("Admin's e-mail"), 'new@brightsmile.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(
      await screen.findByText(
        'Failed to send invitation: The invitation e-mail could not be sent. Please try again later.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Invite Admin' })).toBeTruthy();
  });
});
