import { BACKGROUND_REQUEST_HEADER } from '#shared/session';
import { rememberSessionEnd } from './session-ended';
import { clearSession, readSessionId } from './session-storage';
import { isBackgroundRequest } from './user-activity';

/**
 * A non-OK answer: message '{status}: {text}', as the spec's shared request behaviour says. People see
 * `text` only (see `messageOf`).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
    readonly body: unknown,
  ) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
  }
}

/**
 * What to show a person for a failed request: the server's (or, through it, a vendor's) message without the
 * status prefix; for an unexpected server fault (500) or no answer at all, `fallback`.
 */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.status !== 500 && error.text ? error.text : fallback;
  return fallback;
}

/** The error envelope's `code` (#shared/errors), when the server answered one. */
export function errorCodeOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The server's message for each field it refused (a 400 `validation_failed`'s `fields`), or none. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const fields = (error.body as { fields?: unknown } | undefined)?.fields;
  return fields && typeof fields === 'object' ? (fields as Record<string, string>) : {};
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** The auth provider listens here to send the visitor to /signin; the client itself has no UI effects. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

async function errorText(response: Response): Promise<{ text: string; body: unknown }> {
  const raw = await response.text().catch(() => '');
  if (!raw) return { text: response.statusText, body: undefined };
  try {
    const body: unknown = JSON.parse(raw);
    const message =
      body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
        ? body.message
        : raw;
    return { text: message, body };
  } catch {
    return { text: raw, body: raw };
  }
}

async function send(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const sessionId = readSessionId();
  // A multipart body goes as it is: the browser writes its Content-Type with the boundary.
  const isForm = body instanceof FormData;
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: {
      ...(body !== undefined && !isForm && { 'Content-Type': 'application/json' }),
      ...(sessionId && { Authorization: `Bearer ${sessionId}` }),
      ...(isBackgroundRequest() && { [BACKGROUND_REQUEST_HEADER]: '1' }),
      ...headers,
    },
    body:
      body === undefined || isForm
        ? (body as FormData | undefined)
        : typeof body === 'string'
          ? body
          : JSON.stringify(body),
  });
  if (!response.ok) {
    const { text, body: errorBody } = await errorText(response);
    if (response.status === 401) {
      rememberSessionEnd(errorBody);
      clearSession();
      unauthorizedListeners.forEach((listener) => listener());
    }
    throw new ApiError(response.status, text, errorBody);
  }
  return response;
}

/**
 * Ends the stored session on the server and answers nothing: a session that had already ended is no news, so
 * its 401 is not the "session ended" one that sends the visitor to /signin (they chose to leave).
 */
export function endSession(): void {
  const sessionId = readSessionId();
  if (!sessionId) return;
  fetch('/api/auth/logout', {
    method: 'POST',
    credentials: 'include',
    headers: { Authorization: `Bearer ${sessionId}` },
  }).catch(() => undefined);
}

export async function apiRequest<T>(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await send(method, url, body, headers);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** A file the API answers (e.g. a CSV export), with the same session and error handling. */
export async function apiDownload(url: string): Promise<Blob> {
  return (await send('GET', url)).blob();
}

/** The default query: GET the URL made by joining the query key with '/'. */
export function apiGet<T>(queryKey: readonly unknown[]): Promise<T> {
  return apiRequest<T>('GET', queryKey.join('/'));
}
