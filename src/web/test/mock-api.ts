import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
  headers: Headers;
}

type Reply = { status?: number; body?: unknown } | (() => Promise<never>);
type Handler = (call: ApiCall) => Reply | Promise<Reply>;

/**
 * Replaces `fetch` for a component test. Routes are keyed 'METHOD /path' (no query string); a handler
 * answers `{ status, body }` (status 200 by default) or a function that never resolves (loading state).
 * An unrouted request fails the test, so a screen cannot silently call an endpoint the test did not expect.
 */
export function mockApi(routes: Record<string, Handler | Reply>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    let body: unknown;
    if (typeof init?.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    } else body = init?.body;
    const call = {
      method,
      path: url.pathname,
      search: url.searchParams,
      body,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    if (!route) throw new Error(`Unexpected request in test: ${method} ${url.pathname}`);
    const reply = typeof route === 'function' ? await (route as Handler)(call) : route;
    if (typeof reply === 'function') return reply();
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A reply that never arrives: the screen stays in its loading state. */
export const pending = () => new Promise<never>(() => undefined);

/** A reply the test gives later with `answer`: to act while the request is on its way (close, reopen). */
export function heldReply() {
  let give: (reply: { status?: number; body?: unknown }) => void = () => undefined;
  return {
    route: () => new Promise<{ status?: number; body?: unknown }>((resolve) => (give = resolve)),
    answer: (reply: { status?: number; body?: unknown }) => give(reply),
  };
}
