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

  it('removes a stored user without an id (it cannot load its permissions)', () => {
    localStorage.setItem('sessionId', 'sid');
    localStorage.setItem('user', JSON.stringify({ username: 'frontdesk' }));
    expect(readAuthFromStorage(localStorage).isAuthenticated).toBe(false);
    expect(localStorage.getItem('sessionId')).toBeNull();
  });

  it('clears the legacy servc_auth / servc_user pair: it holds no session, so the visitor is signed out', () => {
    localStorage.setItem('servc_auth', 'true');
    localStorage.setItem('servc_user', 'frontdesk');
    expect(readAuthFromStorage(localStorage)).toEqual({ isAuthenticated: false, user: null });
    expect(localStorage.getItem('servc_auth')).toBeNull();
    expect(localStorage.getItem('servc_user')).toBeNull();
  });

  it('keeps a valid session stored beside the legacy pair, and drops the pair', () => {
    const user = { id: '1', email: 'a@b.c', username: 'a', name: 'A', role: 'sub' as const };
    writeAuthToStorage(localStorage, 'sid', user);
    localStorage.setItem('servc_auth', 'true');
    localStorage.setItem('servc_user', 'frontdesk');
    expect(readAuthFromStorage(localStorage)).toEqual({ isAuthenticated: true, user });
    expect(localStorage.getItem('servc_auth')).toBeNull();
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
