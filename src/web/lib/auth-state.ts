import type { SessionUser } from '#shared/schemas/auth';
import { LEGACY_AUTH_KEY, LEGACY_USER_KEY, SESSION_ID_KEY, USER_KEY } from './session-storage';

/** A stored user; the legacy pair only knows a username. */
export type StoredUser = Partial<SessionUser> & { username?: string };

export interface AuthSnapshot {
  isAuthenticated: boolean;
  user: StoredUser | null;
}

/** Part-1 section 4: how the visitor's state is read from storage at start. */
export function readAuthFromStorage(storage: Storage): AuthSnapshot {
  const sessionId = storage.getItem(SESSION_ID_KEY);
  const rawUser = storage.getItem(USER_KEY);
  if (sessionId && rawUser) {
    try {
      const user: unknown = JSON.parse(rawUser);
      if (user && typeof user === 'object') return { isAuthenticated: true, user: user as StoredUser };
    } catch {
      // fall through to removal below
    }
    storage.removeItem(SESSION_ID_KEY);
    storage.removeItem(USER_KEY);
  }
  const legacyUser = storage.getItem(LEGACY_USER_KEY);
  if (storage.getItem(LEGACY_AUTH_KEY) === 'true' && legacyUser) {
    return { isAuthenticated: true, user: { username: legacyUser } };
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
