import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiRequest, messageOf, onUnauthorized } from './api-client';

function respond(status: number, body: string, statusText = '', contentType = 'application/json') {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(body || null, { status, statusText, headers: { 'content-type': contentType } }),
    ),
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends the stored session as a bearer, includes credentials and JSON content type', async () => {
    localStorage.setItem('sessionId', 'abc');
    respond(200, '{"ok":true}');
    await apiRequest('POST', '/api/x', { a: 1 });
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(url).toBe('/api/x');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer abc' },
      body: '{"a":1}',
    });
  });

  it('uses the JSON body message in the error text', async () => {
    respond(409, '{"message":"Email already in use"}');
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('409: Email already in use');
  });

  it('uses the raw text when the body is not JSON', async () => {
    respond(502, 'Bad gateway from proxy', '', 'text/plain');
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('502: Bad gateway from proxy');
  });

  it('uses the status text when the body is empty', async () => {
    respond(503, '', 'Service Unavailable');
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('503: Service Unavailable');
  });

  it('clears the stored session and tells listeners on a 401', async () => {
    localStorage.setItem('sessionId', 'abc');
    localStorage.setItem('user', '{"id":"1"}');
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    respond(401, '{"message":"Please sign in to continue."}');
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('401: Please sign in to continue.');
    expect(localStorage.getItem('sessionId')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(listener).toHaveBeenCalledOnce();
    stop();
  });

  it('builds the default query URL by joining the key with /', async () => {
    respond(200, '{"slots":[]}');
    await apiGet(['/api/slots', '2026-11-23', 'first_available']);
    expect(vi.mocked(fetch).mock.calls[0]![0]).toBe('/api/slots/2026-11-23/first_available');
  });
});

describe('messageOf', () => {
  it("shows people the server's message without the status prefix", async () => {
    respond(409, '{"message":"Email already in use"}');
    const error: unknown = await apiRequest('GET', '/api/x').catch((e: unknown) => e);
    expect(messageOf(error, 'Failed')).toBe('Email already in use');
  });

  it('shows the fallback for a server fault or no answer', () => {
    expect(messageOf(new ApiError(500, 'Internal Server Error', undefined), 'Please try again later.')).toBe(
      'Please try again later.',
    );
    expect(messageOf(new TypeError('Failed to fetch'), 'Please try again later.')).toBe(
      'Please try again later.',
    );
  });
});
