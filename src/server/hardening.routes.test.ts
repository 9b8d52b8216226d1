import http from 'node:http';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webDistDir } from './paths';
import { bearer, createTestApp, type TestApp } from './test/test-app';

let t: TestApp;
let admin: string;
const logLines: string[] = [];
beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logLines.push(...chunk.toString().split('\n').filter(Boolean)));
  t = await createTestApp({ webDir: webDistDir, logStream });
  admin = await t.asAdmin();
});
afterAll(() => t.close());

const ERROR_BODY = {
  success: false,
  message: expect.any(String),
  code: expect.any(String),
  requestId: expect.any(String),
};

function expectSecurityHeaders(headers: http.IncomingHttpHeaders | Record<string, unknown>) {
  expect(String(headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
}

describe('logs', () => {
  it('carry the route pattern, never the query values or path ids', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/api/audit-events?action=JaneRoe4155550123',
      headers: bearer(admin),
    });
    await t.app.inject({ method: 'GET', url: '/api/users/Jane-Roe-id', headers: bearer(admin) });
    const requests = logLines.filter((line) => line.includes('"msg":"request"'));
    expect(requests.length).toBeGreaterThanOrEqual(2);
    expect(requests.join('\n')).not.toContain('JaneRoe4155550123');
    expect(requests.join('\n')).not.toContain('Jane-Roe-id');
    expect(requests.some((line) => line.includes('"route":"/api/audit-events"'))).toBe(true);
  });
});

describe('Cache-Control: no-store', () => {
  it('on the sign-in response, patient data and API errors', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@brightsmile.example', password: 'admin1234' },
    });
    expect(login.headers['cache-control']).toBe('no-store');
    for (const url of ['/api/users', '/api/audit-events', '/api/auth/me', '/api/nope']) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe("Fastify's own errors", () => {
  it('a bad URL gets the shared error body and the security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject(ERROR_BODY);
    expectSecurityHeaders(response.headers);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('a parameter that is too long gets the shared error body and the security headers', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/users/${'a'.repeat(500)}`,
      headers: bearer(admin),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toMatchObject(ERROR_BODY);
    expectSecurityHeaders(response.headers);
  });

  it('headers that are too large get the shared error body and the security headers', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    const response = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
      (resolve, reject) => {
        const request = http.request(
          {
            host: '127.0.0.1',
            port: address.port,
            path: '/api/health',
            headers: { 'x-big': 'a'.repeat(40_000) },
          },
          (res) => {
            let body = '';
            res.on('data', (chunk) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
          },
        );
        request.on('error', reject);
        request.end();
      },
    );
    expect(response.status).toBe(431);
    expect(JSON.parse(response.body)).toMatchObject(ERROR_BODY);
    expectSecurityHeaders(response.headers);
  });
});

describe('frames', () => {
  it('X-Frame-Options and the CSP frame-ancestors say the same', async () => {
    expectSecurityHeaders((await t.app.inject({ method: 'GET', url: '/api/health' })).headers);
    expectSecurityHeaders((await t.app.inject({ method: 'GET', url: '/pricing' })).headers);
  });
});

describe('unknown paths', () => {
  it('answer 404 with the site page, while console and public routes answer 200', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/html');
    // Prerendered: the page reads without scripts.
    expect(missing.body).toMatch(/<h1[^>]*>404 Page Not Found<\/h1>/);
    for (const url of ['/signin', '/demo-requests', '/call-logs', '/audit-log', '/pricing', '/']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });
});
