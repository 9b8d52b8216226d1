import { screen } from '@testing-library/react';
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
});
