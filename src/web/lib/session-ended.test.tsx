import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignInForm } from '../features/auth/components/sign-in-form';
import { renderWithApp } from '../test/render';
import { apiRequest } from './api-client';

function respond(status: number, body: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, headers: { 'content-type': 'application/json' } })),
  );
}

const headersSent = () => vi.mocked(fetch).mock.calls[0]![1]!.headers as Record<string, string>;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('background requests', () => {
  it('marks a request sent long after the last click or key as background', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    window.dispatchEvent(new Event('pointerdown'));
    vi.setSystemTime(Date.now() + 30_000);
    respond(200, '{}');
    await apiRequest('GET', '/api/x');
    expect(headersSent()['x-background-request']).toBe('1');
  });

  it('does not mark a request the person just asked for', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 30_000);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    respond(200, '{}');
    await apiRequest('POST', '/api/x', {});
    expect(headersSent()['x-background-request']).toBeUndefined();
  });
});

describe('when a session ends', () => {
  // The form's checkbox measures itself; jsdom has no ResizeObserver.
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
  const idle = 'Your session ended after 30 minutes without activity. Please sign in again.';

  it('the sign-in page says why', async () => {
    localStorage.setItem('sessionId', 'abc');
    respond(401, JSON.stringify({ success: false, code: 'session_idle', message: idle, requestId: 'r' }));
    await expect(apiRequest('GET', '/api/auth/me')).rejects.toThrow();
    renderWithApp(<SignInForm />, { route: '/signin', path: '/signin' });
    expect((await screen.findByRole('alert')).textContent).toBe(idle);
  });

  it('says nothing after a plain 401', async () => {
    respond(401, JSON.stringify({ success: false, code: 'unauthorized', message: 'x', requestId: 'r' }));
    await expect(apiRequest('GET', '/api/auth/me')).rejects.toThrow();
    renderWithApp(<SignInForm />, { route: '/signin', path: '/signin' });
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
