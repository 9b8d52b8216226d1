export const SESSION_ID_KEY = 'sessionId';
export const USER_KEY = 'user';
export const LEGACY_AUTH_KEY = 'servc_auth';
export const LEGACY_USER_KEY = 'servc_user';

export function readSessionId(): string | null {
  return localStorage.getItem(SESSION_ID_KEY);
}

export function clearSession(): void {
  localStorage.removeItem(SESSION_ID_KEY);
  localStorage.removeItem(USER_KEY);
}
