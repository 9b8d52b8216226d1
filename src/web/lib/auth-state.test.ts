import { beforeEach, describe, expect, it } from 'vitest';
import { clearAuthFromStorage, readAuthFromStorage, writeAuthToStorage } from './auth-state';

beforeEach(() => localStorage.clear());

describe('readAuthFromStorage', () => {
  it('is signed out with nothing stored', () => {
    expect(readAuthFromStorage(localStorage)).toEqual({ isAuthenticated: false, user: null });
  });

  it('is signed in with a session id and a parsable user', () => {
    const user = { id: '1', email: 'a@b.c', username: 'a', name: 'A', role: 'admin' as const };
    writeAuthToStorage(localStorage, 'sid', user);
    expect(readAuthFromStorage(localStorage)).toEqual({ isAuthenticated: true, user });
  });

  it('removes both entries when the user cannot be parsed', () => {
    localStorage.setItem('sessionId', 'sid');
    localStorage.setItem('user', '{not json');
    expect(readAuthFromStorage(localStorage).isAuthenticated).toBe(false);
    expect(localStorage.getItem('sessionId')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('honours the legacy servc_auth / servc_user pair with only a username', () => {
    localStorage.setItem('servc_auth', 'true');
    localStorage.setItem('servc_user', 'frontdesk');
    expect(readAuthFromStorage(localStorage)).toEqual({
      isAuthenticated: true,
      user: { username: 'frontdesk' },
    });
  });

  it('ignores the legacy flag unless it is the string true', () => {
    localStorage.setItem('servc_auth', 'yes');
    localStorage.setItem('servc_user', 'frontdesk');
    expect(readAuthFromStorage(localStorage).isAuthenticated).toBe(false);
  });

  it('is cleared completely on sign-out', () => {
    writeAuthToStorage(localStorage, 'sid', {
      id: '1',
      email: 'a@b.c',
      username: 'a',
      name: 'A',
      role: 'sub',
    });
    localStorage.setItem('servc_auth', 'true');
    clearAuthFromStorage(localStorage);
    expect(localStorage.length).toBe(0);
  });
});
