import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
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

describe('UserFormDialog', () => {
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
});
