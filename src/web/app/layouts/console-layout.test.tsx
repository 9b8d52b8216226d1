import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { onUnauthorized } from '../../lib/api-client';
import { readSessionEnd } from '../../lib/session-ended';
import { mockApi } from '../../test/mock-api';
import { FRONT_DESK_PERMISSIONS } from '../../test/principals';
import { renderWithApp, TEST_FRONT_DESK } from '../../test/render';
import { RequireAuth } from '../routes/guards';
import { ConsoleLayout } from './console-layout';

describe('ConsoleLayout', () => {
  // A logout after the session had already ended on the server (idle) answers 401: that is no news.
  it.each([
    ['a live session', { body: { success: true } }],
    [
      'a session that had already ended',
      { status: 401, body: { success: false, code: 'session_idle', message: 'Your session ended.' } },
    ],
  ])('logs out to the site root (part 1, section 4), not to /signin, from %s', async (_, reply) => {
    const api = mockApi({
      'GET /api/user-permissions': { body: FRONT_DESK_PERMISSIONS },
      'POST /api/auth/logout': reply,
    });
    const { router } = renderWithApp(
      <RequireAuth>
        <ConsoleLayout>
          <p>Calendar</p>
        </ConsoleLayout>
      </RequireAuth>,
      { route: '/appointments-calendar', path: '/appointments-calendar', user: TEST_FRONT_DESK },
    );
    // The router sends the visitor to /signin when it hears of a 401 (router.tsx): it must hear nothing.
    const heard = vi.fn();
    const stopListening = onUnauthorized(heard);
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('sessionId')).toBeNull();
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.path === '/api/auth/logout')).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    stopListening();
    expect(heard).not.toHaveBeenCalled();
    expect(readSessionEnd()).toBeNull();
  });
});

describe('RequireAuth', () => {
  it('sends a signed-out visitor to /signin with the page asked for', async () => {
    mockApi({});
    const { router } = renderWithApp(
      <RequireAuth>
        <p>Calendar</p>
      </RequireAuth>,
      { route: '/appointments-calendar?date=2026-12-01', path: '/appointments-calendar', user: null },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(router.state.location.search).toBe(
      `?next=${encodeURIComponent('/appointments-calendar?date=2026-12-01')}`,
    );
  });

  it('with only the legacy saved keys, clears them and goes to /signin', async () => {
    mockApi({});
    const { router } = renderWithApp(<p>placeholder</p>, { user: null });
    localStorage.setItem('servc_auth', 'true');
    localStorage.setItem('servc_user', 'frontdesk');
    router.dispose();
    const view = renderWithApp(
      <RequireAuth>
        <p>Calendar</p>
      </RequireAuth>,
      { route: '/book-appointment', path: '/book-appointment', user: null },
    );
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/signin'));
  });
});
