import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, pending } from '../../test/mock-api';
import { renderWithApp, TEST_ADMIN } from '../../test/render';
import { SignInRoute } from './sign-in';

const renderSignIn = (user: typeof TEST_ADMIN | null = null) =>
  renderWithApp(<SignInRoute />, { route: '/signin', path: '/signin', user });

async function submit(email: string, password: string) {
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('the sign-in page', () => {
  // The Remember me checkbox (Radix) measures itself; jsdom has no ResizeObserver.
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

  it('refuses empty fields without a request', async () => {
    const { calls } = mockApi({});
    renderSignIn();
    await submit('', '');
    expect(screen.getByRole('alert').textContent).toBe('Please enter both email and password');
    expect(calls).toHaveLength(0);
  });

  it('shows that it is signing in while the request runs', async () => {
    mockApi({ 'POST /api/auth/login': pending });
    renderSignIn();
    await submit('admin@brightsmile.example', 'admin1234');
    const button = await screen.findByRole('button', { name: 'Signing In...' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    // The button pressed keeps the focus while it works.
    expect(document.activeElement).toBe(button);
  });

  it("shows the server's message on bad credentials, and 'Login failed' without one", async () => {
    let attempts = 0;
    mockApi({
      'POST /api/auth/login': () =>
        ++attempts === 1
          ? { status: 401, body: { message: 'Invalid email or password' } }
          : { status: 401, body: {} },
    });
    renderSignIn();
    await submit('admin@brightsmile.example', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed');
  });

  it('says to try again when the server cannot be reached', async () => {
    mockApi({ 'POST /api/auth/login': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderSignIn();
    await submit('admin@brightsmile.example', 'admin1234');
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed. Please try again.');
  });

  it('signs in, keeps the session and goes to the Overview', async () => {
    const { calls } = mockApi({
      'POST /api/auth/login': { body: { success: true, user: TEST_ADMIN, sessionId: 'session-1' } },
    });
    const { router } = renderSignIn();
    await submit('admin@brightsmile.example', 'admin1234');
    expect(await screen.findByText('Elsewhere')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('sessionId')).toBe('session-1');
    expect(calls[0]?.body).toEqual({ email: 'admin@brightsmile.example', password: 'admin1234' });
  });

  it('sends a visitor who is already signed in to the Overview', async () => {
    mockApi({});
    const { router } = renderSignIn(TEST_ADMIN);
    expect(await screen.findByText('Elsewhere')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});
