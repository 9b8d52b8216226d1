import type { SessionUser } from '#shared/schemas/auth';
import { LEGACY_AUTH_KEY, LEGACY_USER_KEY, SESSION_ID_KEY, USER_KEY } from './session-storage';

/** A stored user. */
export type StoredUser = Partial<SessionUser> & { username?: string };

export interface AuthSnapshot {
  isAuthenticated: boolean;
  user: StoredUser | null;
}

/** Part-1 section 4: how the visitor's state is read from storage at start. */
export function readAuthFromStorage(storage: Storage): AuthSnapshot {
  // The legacy pair (servc_auth / servc_user) carries no session the API accepts: honouring it left the
  // visitor half signed in (Access Denied everywhere). It is dropped; without a session they sign in again.
  storage.removeItem(LEGACY_AUTH_KEY);
  storage.removeItem(LEGACY_USER_KEY);
  const sessionId = storage.getItem(SESSION_ID_KEY);
  const rawUser = storage.getItem(USER_KEY);
  if (sessionId && rawUser) {
    try {
      const user: unknown = JSON.parse(rawUser);
      // A user without an id can read no permissions: as good as no session.
      if (user && typeof user === 'object' && typeof (user as { id?: unknown }).id === 'string')
        return { isAuthenticated: true, user: user as StoredUser };
    } catch {
      // removed below
    }
    storage.removeItem(SESSION_ID_KEY);
    storage.removeItem(USER_KEY);
  }
  return { isAuthenticated: false, user: null };
}

export function writeAuthToStorage(storage: Storage, sessionId: string, user: SessionUser): void {
  storage.setItem(SESSION_ID_KEY, sessionId);
  storage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearAuthFromStorage(storage: Storage): void {
  for (const key of [SESSION_ID_KEY, USER_KEY, LEGACY_AUTH_KEY, LEGACY_USER_KEY]) storage.removeItem(key);
}
