import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import type { App } from './app-types';
import { createTestApp, type TestApp } from './test/test-app';

let t: TestApp;
let app: App;
const webDir = mkdtempSync(path.join(tmpdir(), 'servc-web-'));

beforeAll(async () => {
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await createTestApp({ seed: false });
  app = await buildApp({
    db: t.database.db,
    session: { idleMinutes: 30, maxHours: 12 },
    logLevel: 'silent',
    webDir,
  });
});
afterAll(async () => {
  await app.close();
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it('serves built files', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(1)');
  });

  it('answers client routes with index.html (history fallback)', async () => {
    for (const url of ['/', '/call-logs', '/some/deep/link?x=1']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('keeps unknown /api paths a JSON 404', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'not_found' });
  });
});
