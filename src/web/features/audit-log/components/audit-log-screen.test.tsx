import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '#shared/schemas/audit';
import { mockApi, pending } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { AuditLogScreen } from './audit-log-screen';

const USERS = [
  { id: '5b1f7c1e-8a51-4a8e-9d57-0d8f0d3c2a11', label: 'Dr. Maya Patel (admin@brightsmile.example)' },
];
const EVENT: AuditEvent = {
  id: 'e-1',
  at: '2026-03-02T15:30:00.000Z',
  actorUserId: USERS[0]!.id,
  actorName: 'Dr. Maya Patel',
  actorRole: 'admin',
  action: 'auth.login',
  resourceType: null,
  resourceId: null,
  outcome: 'allowed',
  route: 'POST /api/auth/login',
  detail: null,
  clientAddress: '127.0.0.1',
  userAgent: null,
  requestId: 'r-1',
};
const page = (events: AuditEvent[], nextCursor: string | null = null) => ({
  body: { events, nextCursor, timeZone: 'America/Los_Angeles' },
});

describe('AuditLogScreen', () => {
  it('shows a spinner while the events load', async () => {
    mockApi({ 'GET /api/audit-events': pending });
    renderWithApp(<AuditLogScreen users={USERS} />);
    expect((await screen.findByRole('status')).textContent).toBe('Loading');
  });

  it('says when no event matches the filters', async () => {
    mockApi({ 'GET /api/audit-events': page([]) });
    renderWithApp(<AuditLogScreen users={USERS} />);
    expect(await screen.findByText('No audit events match these filters.')).toBeTruthy();
  });

  it('shows a failed load and loads again on Try again', async () => {
    let attempts = 0;
    mockApi({
      'GET /api/audit-events': () =>
        ++attempts === 1 ? { status: 500, body: { message: 'Something went wrong' } } : page([EVENT]),
    });
    renderWithApp(<AuditLogScreen users={USERS} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('cell', { name: 'auth.login' })).toBeTruthy();
  });

  it('lists the events, asks with the chosen filter and loads the next page on Load more', async () => {
    const { calls } = mockApi({
      'GET /api/audit-events': ({ search }) =>
        search.get('cursor') ? page([{ ...EVENT, id: 'e-2', action: 'users.create' }]) : page([EVENT], 'c-2'),
    });
    renderWithApp(<AuditLogScreen users={USERS} />);
    expect(await screen.findByRole('cell', { name: 'auth.login' })).toBeTruthy();
    expect(screen.getByText('allowed')).toBeTruthy();
    // The practice's wall time, whatever the browser's zone: 15:30 UTC is 7:30 AM in Los Angeles in March.
    expect(screen.getByRole('cell', { name: 'Mar 2, 2026, 7:30 AM PST' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('cell', { name: 'users.create' })).toBeTruthy();

    await userEvent.selectOptions(screen.getByLabelText('Action'), 'auth.login');
    await waitFor(() => expect(calls.at(-1)?.search.get('action')).toBe('auth.login'));
  });

  it("filters by the practice's days, as it shows the practice's times", async () => {
    const { calls } = mockApi({ 'GET /api/audit-events': page([EVENT]) });
    renderWithApp(<AuditLogScreen users={USERS} />);
    await screen.findByRole('cell', { name: 'auth.login' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-02' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-02' } });
    // Midnight in Los Angeles (PST), not the browser's: the day runs 08:00 UTC to 08:00 UTC.
    await waitFor(() => expect(calls.at(-1)?.search.get('to')).toBe('2026-03-03T08:00:00.000Z'));
    expect(calls.at(-1)?.search.get('from')).toBe('2026-03-02T08:00:00.000Z');
  });

  it('names a user since deleted "Deleted user", never by the raw id', async () => {
    mockApi({
      'GET /api/audit-events': page([
        // The server joins the name of a user who still exists: a deleted user's id comes without one.
        { ...EVENT, actorName: null, actorRole: 'sub' },
        {
          ...EVENT,
          id: 'e-2',
          actorUserId: null,
          actorName: null,
          actorRole: null,
          action: 'auth.login_failed',
        },
      ]),
    });
    renderWithApp(<AuditLogScreen users={USERS} />);
    const userOf = async (action: string) =>
      ((await screen.findByRole('cell', { name: action })).closest('tr') as HTMLTableRowElement).cells[1]!
        .textContent;
    expect(await userOf('auth.login')).toBe('Deleted user(sub)');
    expect(screen.queryByText(USERS[0]!.id, { exact: false })).toBeNull();
    // No user at all (a failed sign-in): a dash, as before.
    expect(await userOf('auth.login_failed')).toBe('—');
  });

  it('a failed export shows the error toast with the message, without the status', async () => {
    mockApi({
      'GET /api/audit-events': page([EVENT]),
      'GET /api/audit-events/export': { status: 403, body: { message: 'Forbidden' } },
    });
    renderWithApp(<AuditLogScreen users={USERS} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Failed to export audit log: Forbidden')).toBeTruthy();
    expect(screen.queryByText(/403/)).toBeNull();
  });
});
