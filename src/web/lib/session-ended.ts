import type { ErrorCode } from '#shared/errors';

/** Why the last session ended, kept for the sign-in page (for this tab only). */
const KEY = 'servc.sessionEnded';
const ENDED_CODES: readonly ErrorCode[] = ['session_idle', 'session_expired'];

/** Keeps the server's words when a 401 says the session ended on a limit. */
export function rememberSessionEnd(body: unknown): void {
  if (typeof sessionStorage === 'undefined' || !body || typeof body !== 'object') return;
  const { code, message } = body as { code?: unknown; message?: unknown };
  if (ENDED_CODES.includes(code as ErrorCode) && typeof message === 'string') {
    sessionStorage.setItem(KEY, message);
  }
}

export function readSessionEnd(): string | null {
  return typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(KEY);
}

export function forgetSessionEnd(): void {
  if (typeof sessionStorage !== 'undefined') sessionStorage.removeItem(KEY);
}
