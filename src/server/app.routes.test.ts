import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from './app';
import { bearer, createTestApp, type TestApp } from './test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the app shell', () => {
  it('GET /api/health and /api/ready answer without a session', async () => {
    for (const url of ['/api/health', '/api/ready']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    }
  });

  it('answers 401 on every protected route without a session', async () => {
    const protectedRoutes = t.app.registeredRoutes.filter(
      (route) => route.url.startsWith('/api/') && !route.public,
    );
    expect(protectedRoutes.length).toBeGreaterThanOrEqual(7);
    for (const route of protectedRoutes) {
      const url = route.url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');
      const response = await t.app.inject({
        method: route.method as 'GET',
        url,
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json()).toMatchObject({ success: false, code: 'unauthorized' });
      expect(response.json().requestId).toBe(response.headers['x-request-id']);
    }
  });

  it('only login, health, ready, the demo request form and accepting an invitation are public', () => {
    const publicRoutes = t.app.registeredRoutes
      .filter((route) => route.url.startsWith('/api/') && route.public)
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(publicRoutes).toEqual([
      'GET /api/health',
      'GET /api/ready',
      'POST /api/auth/login',
      'POST /api/demo-requests',
      'POST /api/invitations/accept',
    ]);
  });

  it('an unknown /api path is a JSON 404 with a request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    const body = response.json();
    expect(body).toMatchObject({ success: false, code: 'not_found' });
    expect(body.requestId).toBe(response.headers['x-request-id']);
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses malformed JSON with a 400 and a human message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, message: 'The request body is not valid JSON.' });
  });

  it('refuses a body over the size limit with a 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.c', password: 'x'.repeat(BODY_LIMIT_BYTES) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('payload_too_large');
    expect(response.json().requestId).toBe(response.headers['x-request-id']);
  });

  it('hides internal errors: no SQL or stack in a 500', async () => {
    const sessionId = await t.asAdmin();
    await t.database.pool.query('alter table calls rename column status to status_broken');
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/calls', headers: bearer(sessionId) });
      expect(response.statusCode).toBe(500);
      const body = response.json();
      expect(body).toEqual({
        success: false,
        code: 'internal_error',
        message: 'Something went wrong on our side. Please try again.',
        requestId: expect.any(String),
      });
      expect(body.requestId).toBe(response.headers['x-request-id']);
      expect(response.body).not.toMatch(/select|column|status_broken|at /i);
    } finally {
      await t.database.pool.query('alter table calls rename column status_broken to status');
    }
  });
});
