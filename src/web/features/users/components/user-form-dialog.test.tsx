import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { heldReply, mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { allFlags } from './permissions-fieldset';
import { UserFormDialog } from './user-form-dialog';

// Radix checkboxes and switches measure themselves; jsdom has no ResizeObserver.
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

const SAM = {
  id: 'aaaaaaaa-0000-4000-8000-000000000009',
  name: 'Sam Front',
  email: 'sam@brightsmile.example',
  username: 'sam',
  role: 'sub' as const,
  isActive: true,
  createdAt: '2026-11-01T10:00:00.000Z',
};

describe('UserFormDialog', () => {
  it("says when the user's details cannot be loaded, and loads them again on Try again", async () => {
    let permissionsReply: { status: number; body: unknown } = {
      status: 404,
      body: { message: 'User not found', code: 'not_found', requestId: 'r' },
    };
    mockApi({
      [`GET /api/users/${SAM.id}/permissions`]: () => permissionsReply,
      [`GET /api/users/${SAM.id}/phone-numbers`]: { body: { phoneNumbers: [] } },
      [`GET /api/users/${SAM.id}/linked-accounts`]: { body: { linkedAccounts: [] } },
      [`GET /api/users/${SAM.id}/assistants`]: { body: { assistants: [] } },
    });
    renderWithApp(
      <UserFormDialog
        open
        user={SAM}
        options={{ phoneNumbers: [], assistants: [], connectors: [] }}
        showLinkedAccounts
        onOpenChange={() => undefined}
      />,
    );
    expect(await screen.findByText("Could not load this user's details: User not found")).toBeTruthy();
    permissionsReply = { status: 200, body: { permissions: allFlags(false) } };
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Name')).toBeTruthy();
  });

  it('shows a refusal as its message only ("Email already in use", not "409: Email already in use")', async () => {
    mockApi({
      'POST /api/users/atomic': {
        status: 409,
        body: { success: false, message: 'Email already in use', code: 'conflict', requestId: 'r1' },
      },
    });
    renderWithApp(
      <UserFormDialog
        open
        options={{ phoneNumbers: [], assistants: [], connectors: [] }}
        showLinkedAccounts
        onOpenChange={() => undefined}
      />,
    );
    await userEvent.type(screen.getByLabelText('Name'), 'Sam Taken');
    await userEvent.type(screen.getByLabelText('Email'), 'admin@brightsmile.example');
    await userEvent.type(screen.getByLabelText('Username'), 'samtaken');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass-42');
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('Email already in use')).toBeTruthy();
    expect(screen.queryByText(/409/)).toBeNull();
  }, 20_000);

  it('offers the Messages permission, off for a new sub user, sent when switched on', async () => {
    const api = mockApi({ 'POST /api/users/atomic': { status: 201, body: { success: true } } });
    renderWithApp(
      <UserFormDialog
        open
        options={{ phoneNumbers: [], assistants: [], connectors: [] }}
        showLinkedAccounts
        onOpenChange={() => undefined}
      />,
    );
    const messages = screen.getByRole('switch', { name: 'Messages' });
    expect(messages.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('Read and answer text messages')).toBeTruthy();
    await userEvent.click(messages);
    expect(messages.getAttribute('aria-checked')).toBe('true');
    await userEvent.type(screen.getByLabelText('Name'), 'Sam Texts');
    await userEvent.type(screen.getByLabelText('Email'), 'sam@brightsmile.example');
    await userEvent.type(screen.getByLabelText('Username'), 'samtexts');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass-42');
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    expect(JSON.stringify(api.calls.find((c) => c.method === 'POST')!.body)).toContain('"canMessages":true');
  }, 20_000);

  it('tells how a create ended even when Cancel closed the dialog while it was sent', async () => {
    const held = heldReply();
    mockApi({ 'POST /api/users/atomic': held.route });
    function Screen() {
      const [open, setOpen] = useState(true);
      return (
        <UserFormDialog
          open={open}
          options={{ phoneNumbers: [], assistants: [], connectors: [] }}
          showLinkedAccounts
          onOpenChange={setOpen}
        />
      );
    }
    renderWithApp(<Screen />);
    await userEvent.type(screen.getByLabelText('Name'), 'Sam Taken');
    await userEvent.type(screen.getByLabelText('Email'), 'admin@brightsmile.example');
    await userEvent.type(screen.getByLabelText('Username'), 'samtaken');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass-42');
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    held.answer({ status: 409, body: { success: false, message: 'Email already in use', code: 'conflict' } });
    expect(await screen.findByText('Email already in use')).toBeTruthy();
  }, 20_000);
});
