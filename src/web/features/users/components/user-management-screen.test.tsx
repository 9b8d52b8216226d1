import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ManagedUser } from '#shared/schemas/users';
import { mockApi, pending } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { UserManagementScreen } from './user-management-screen';

const OPTIONS = { phoneNumbers: [], assistants: [], connectors: [] };
const ADMIN: ManagedUser = {
  id: 'u-admin',
  name: 'Dr. Maya Patel',
  email: 'admin@brightsmile.example',
  username: 'admin',
  role: 'admin',
  isActive: true,
  createdAt: '2026-01-05T10:00:00.000Z',
};
const STAFF: ManagedUser = {
  ...ADMIN,
  id: 'u-staff',
  name: 'Jordan Reyes',
  email: 'frontdesk@brightsmile.example',
  username: 'frontdesk',
  role: 'sub',
  isActive: false,
};
const renderScreen = () => renderWithApp(<UserManagementScreen options={OPTIONS} isAdmin />);

describe('UserManagementScreen', () => {
  it('shows a spinner while the users load', async () => {
    mockApi({ 'GET /api/users': pending });
    renderScreen();
    expect((await screen.findByRole('status')).textContent).toBe('Loading');
  });

  it('says when there are no users', async () => {
    mockApi({ 'GET /api/users': { body: { users: [] } } });
    renderScreen();
    expect(await screen.findByText('No users yet')).toBeTruthy();
  });

  it('shows a failed load and loads again on Try again', async () => {
    let attempts = 0;
    mockApi({
      'GET /api/users': () =>
        ++attempts === 1 ? { status: 503, body: { message: 'Try later' } } : { body: { users: [ADMIN] } },
    });
    renderScreen();
    expect((await screen.findByRole('alert')).textContent).toContain('Try later');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Dr. Maya Patel' })).toBeTruthy();
  });

  it('lists each user with role, state and actions; an admin cannot be deleted', async () => {
    mockApi({ 'GET /api/users': { body: { users: [ADMIN, STAFF] } } });
    renderScreen();
    const staff = (await screen.findByRole('heading', { name: 'Jordan Reyes' })).closest('li')!;
    expect(within(staff).getByText('Sub User')).toBeTruthy();
    expect(within(staff).getByText('Inactive')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Dr. Maya Patel' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Delete Jordan Reyes' }).hasAttribute('disabled')).toBe(false);
  });

  it('deletes after confirmation and says so; a refusal shows the message', async () => {
    let deletes = 0;
    mockApi({
      'GET /api/users': { body: { users: [ADMIN, STAFF] } },
      'DELETE /api/users/u-staff': () =>
        ++deletes === 1 ? { body: { success: true } } : { status: 404, body: { message: 'User not found' } },
    });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Jordan Reyes' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted successfully')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Jordan Reyes' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('404: User not found')).toBeTruthy();
  });

  it('keeps the keyboard on the list when a deleted user leaves it: the next user, or the one before the last', async () => {
    const third: ManagedUser = { ...STAFF, id: 'u-third', name: 'Theo Third', username: 'theo' };
    let users = [ADMIN, STAFF, third];
    mockApi({
      'GET /api/users': () => ({ body: { users } }),
      'DELETE /api/users/u-staff': () => {
        users = [ADMIN, third];
        return { body: { success: true } };
      },
      'DELETE /api/users/u-third': () => {
        users = [ADMIN];
        return { body: { success: true } };
      },
    });
    renderScreen();
    const user = userEvent.setup();
    /** Deletes by keyboard and answers the card that has the focus once the deleted one is gone. */
    const deleteAndFocus = async (name: string, next: string) => {
      (await screen.findByRole('button', { name: `Delete ${name}` })).focus();
      await user.keyboard('{Enter}');
      within(await screen.findByRole('alertdialog'))
        .getByRole('button', { name: 'Delete' })
        .focus();
      await user.keyboard('{Enter}');
      await waitFor(() => expect(screen.queryByRole('heading', { name })).toBeNull());
      const card = screen.getByRole('heading', { name: next }).closest('li')!;
      await waitFor(() => expect(card.contains(document.activeElement)).toBe(true));
    };
    await deleteAndFocus('Jordan Reyes', 'Theo Third');
    await deleteAndFocus('Theo Third', 'Dr. Maya Patel');
  });

  it('invites a user by e-mail: checks the fields, sends them and says to whom', async () => {
    const { calls } = mockApi({
      'GET /api/users': { body: { users: [ADMIN] } },
      'POST /api/invitations': {
        status: 201,
        body: {
          invitation: { id: 'i-1', email: 'sam@brightsmile.example', expiresAt: '2026-01-08T10:00:00.000Z' },
        },
      },
    });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Invite User' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText('Name'), 'Sam Lee');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'sam@brightsmile.example');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'admin');
    // An admin may use everything: no permissions to choose.
    expect(within(dialog).queryByRole('group', { name: 'Permissions' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('Invitation sent to sam@brightsmile.example')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Sam Lee',
      email: 'sam@brightsmile.example',
      role: 'admin',
    });
  });

  it('invites a sub user with the permissions chosen, so they can work once they accept', async () => {
    const { calls } = mockApi({
      'GET /api/users': { body: { users: [ADMIN] } },
      'POST /api/invitations': {
        status: 201,
        body: {
          invitation: { id: 'i-2', email: 'kim@brightsmile.example', expiresAt: '2026-01-08T10:00:00.000Z' },
        },
      },
    });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Invite User' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Kim Park');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'kim@brightsmile.example');
    const permissions = within(dialog).getByRole('group', { name: 'Permissions' });
    await userEvent.click(within(permissions).getByRole('switch', { name: 'Call Logs' }));
    await userEvent.click(within(permissions).getByRole('switch', { name: 'Book Appointments' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('Invitation sent to kim@brightsmile.example')).toBeTruthy();
    const body = calls.find((call) => call.method === 'POST')?.body as {
      permissions: Record<string, boolean>;
    };
    expect(body).toMatchObject({ name: 'Kim Park', role: 'sub' });
    expect(Object.entries(body.permissions).filter(([, on]) => on)).toEqual([
      ['canCallLogs', true],
      ['canBookAppointment', true],
    ]);
  });

  it('shows why an invitation was refused', async () => {
    mockApi({
      'GET /api/users': { body: { users: [ADMIN] } },
      'POST /api/invitations': { status: 409, body: { message: 'A user with this email already exists.' } },
    });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Invite User' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Maya');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'admin@brightsmile.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(
      await screen.findByText('Failed to send invitation: A user with this email already exists.'),
    ).toBeTruthy();
  });
});
