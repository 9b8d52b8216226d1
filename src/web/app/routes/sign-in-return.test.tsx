import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { FRONT_DESK_PERMISSIONS } from '../../test/principals';
import { renderWithApp, TEST_FRONT_DESK } from '../../test/render';
import { SIGN_IN_TITLE, SignInRoute } from './sign-in';

// The Remember me checkbox measures itself; jsdom has no ResizeObserver.
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

async function signInAt(route: string) {
  mockApi({
    'POST /api/auth/login': { body: { success: true, user: TEST_FRONT_DESK, sessionId: 'new-session' } },
    'GET /api/user-permissions': { body: FRONT_DESK_PERMISSIONS },
  });
  const view = renderWithApp(<SignInRoute />, { route, path: '/signin', user: null });
  await userEvent.type(screen.getByLabelText('Email'), TEST_FRONT_DESK.email);
  await userEvent.type(screen.getByLabelText('Password'), 'frontdesk1234');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  return view.router;
}

describe('SignInRoute', () => {
  it('has an h1 and its own document title', () => {
    renderWithApp(<SignInRoute />, { route: '/signin', path: '/signin', user: null });
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Servc' })).toBeTruthy();
    expect(document.title).toBe(SIGN_IN_TITLE);
  });

  it('returns to the console page asked for, with its query', async () => {
    const router = await signInAt('/signin?next=%2Fappointments-calendar%3Fdate%3D2026-12-01');
    await waitFor(() => expect(router.state.location.pathname).toBe('/appointments-calendar'));
    expect(router.state.location.search).toBe('?date=2026-12-01');
  });

  it('goes to the Overview when the page asked for is one the user may not open', async () => {
    const router = await signInAt('/signin?next=%2Fuser-management');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('never follows an external address', async () => {
    const router = await signInAt('/signin?next=https%3A%2F%2Fevil.example%2F');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('');
  });

  it('goes to the Overview without a page asked for', async () => {
    const router = await signInAt('/signin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
