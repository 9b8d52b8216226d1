import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers for our policy, worked out once at boot and set on every response. The policy
 * has no per-request part (HTML pages add their own style nonce), so running helmet's middleware on each
 * request would only rebuild the same strings.
 */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  if (!headers['content-security-policy']) throw new Error('helmet set no Content-Security-Policy');
  app.addHook('onRequest', async (_request, reply) => {
    void reply.headers(headers);
  });
}
