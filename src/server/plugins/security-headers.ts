import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers for our policy, worked out once at boot: the policy has no per-request part (HTML
 * pages add their own style nonce), so running helmet's middleware on each request would only rebuild the same
 * strings. Fastify's own error answers (framework-errors.ts) send the same headers.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  if (!headers['content-security-policy']) throw new Error('helmet set no Content-Security-Policy');
  return headers;
}

/** API answers may carry patient data or a session id: no cache (browser or proxy) keeps them. */
export function isApiUrl(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/webhook');
}

/** Set first on every request, so every answer (errors from later hooks too) carries them and its id. */
export function installSecurityHeaders(app: FastifyInstance, headers: Record<string, string>): void {
  app.addHook('onRequest', async (request, reply) => {
    void reply.headers(headers).header('x-request-id', request.id);
    if (isApiUrl(request.url)) void reply.header('cache-control', 'no-store');
  });
}
