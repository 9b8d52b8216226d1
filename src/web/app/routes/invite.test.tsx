import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PASSWORD_MESSAGES } from '#shared/password-policy';
import { INVITATION_MESSAGES } from '#shared/schemas/invitations';
import { USER_MESSAGES } from '#shared/schemas/users';
import { mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { routes } from '../router';

const LAZY = { timeout: 5000 };
const PASSWORD = 'lakeside-owner-42';

function renderInvite(more: Parameters<typeof mockApi>[0]) {
  vi.stubGlobal('scrollTo', vi.fn());
  const api = mockApi(more);
  return { ...api, ...renderRoutes(routes, { route: '/invite/tok-123', user: null }) };
}

async function choose(password: string, confirm = password) {
  await userEvent.type(await screen.findByLabelText('New password', undefined, LAZY), password);
  await userEvent.type(screen.getByLabelText('Confirm password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }));
}

describe('the invitation page', () => {
  it('checks the password policy and the confirmation before asking the server', async () => {
    const { calls } = renderInvite({});
    await choose('short');
    expect(screen.getByText(PASSWORD_MESSAGES.tooShort)).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await choose('password123');
    expect(screen.getByText(PASSWORD_MESSAGES.common)).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await choose(PASSWORD, `${PASSWORD}x`);
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('accepts, signs in with the returned e-mail and the password, and goes to the console', async () => {
    const { calls, router } = renderInvite({
      'POST /api/invitations/accept': { body: { success: true, email: 'owner@lakeside.example' } },
      'POST /api/auth/login': {
        body: {
          success: true,
          sessionId: 's-1',
          user: {
            id: 'u-9',
            email: 'owner@lakeside.example',
            username: 'owner',
            name: 'Owner',
            role: 'admin',
          },
        },
      },
      'GET /api/user-permissions': () => new Promise<never>(() => undefined),
    });
    await choose(PASSWORD);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls[0]).toMatchObject({
      path: '/api/invitations/accept',
      body: { token: 'tok-123', password: PASSWORD },
    });
    expect(calls[1]).toMatchObject({
      path: '/api/auth/login',
      body: { email: 'owner@lakeside.example', password: PASSWORD },
    });
  });

  it("puts the server's refusal of the password under the password, not on the link", async () => {
    const message = USER_MESSAGES.passwordSameAsAccount;
    renderInvite({
      'POST /api/invitations/accept': { status: 400, body: { message, fields: { password: message } } },
    });
    await choose(PASSWORD);
    const field = screen.getByLabelText('New password');
    expect(await screen.findByText(message)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('link', { name: 'Go to sign in' })).toBeNull();
  });

  it('in a browser where someone else is signed in, ends their session and forgets what was loaded for them', async () => {
    vi.stubGlobal('scrollTo', vi.fn());
    const { calls } = mockApi({
      'POST /api/invitations/accept': { body: { success: true, email: 'desk@lakeside.example' } },
      'POST /api/auth/logout': { status: 401, body: { message: 'Please sign in to continue.' } },
      'POST /api/auth/login': {
        body: {
          success: true,
          sessionId: 's-new',
          user: { id: 'u-10', email: 'desk@lakeside.example', username: 'desk', name: 'Desk', role: 'sub' },
        },
      },
      'GET /api/user-permissions': () => new Promise<never>(() => undefined),
    });
    const { queryClient, router } = renderRoutes(routes, { route: '/invite/tok-123' });
    queryClient.setQueryData(['/api/user-permissions'], { admin: 'cached' });
    await choose(PASSWORD);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const logout = calls.find((call) => call.path === '/api/auth/logout');
    expect(logout?.headers.get('Authorization')).toBe('Bearer test-session');
    expect(queryClient.getQueryData(['/api/user-permissions'])).toBeUndefined();
    expect(localStorage.getItem('sessionId')).toBe('s-new');
  });

  it.each([INVITATION_MESSAGES.invalid, INVITATION_MESSAGES.expired, INVITATION_MESSAGES.used])(
    'says why a link does not work: %s',
    async (message) => {
      renderInvite({ 'POST /api/invitations/accept': { status: 400, body: { message } } });
      await choose(PASSWORD);
      expect(await screen.findByText(message)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeTruthy();
    },
  );
});
