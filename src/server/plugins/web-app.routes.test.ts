import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '#shared/site';
import { webDistDir } from '../paths';
import { createTestApp, type TestApp } from '../test/test-app';

const BASE = 'https://servc.example';
const manifestFile = path.join(webDistDir, 'prerendered.json');

// No silent pass without a build: `npm test` builds before the API tests; alone, run `npm run build` first.
if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run \`npm run build\` first.`);
const pages = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
  path: string;
  title: string;
  headline: string;
}[];

const decode = (html: string) =>
  html
    .replaceAll('&amp;', '&')
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('<!-- -->', '');
const h1 = (html: string) => decode(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, webDir: webDistDir, publicBaseUrl: BASE });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('the prerendered public site', () => {
  it('has every public page', () => {
    expect(pages.map((page) => page.path)).toEqual([
      '/',
      '/features',
      '/solutions',
      '/pricing',
      '/integration',
      '/privacy-policy',
      '/terms-conditions',
      '/cookies-policy',
      '/dental-practices',
      '/medical-clinics',
      '/veterinary-clinics',
      '/spas-wellness',
    ]);
    expect(pages.find((page) => page.path === '/pricing')?.headline).toBe('Simple, Transparent Pricing');
  });

  it.each(pages)(
    'serves $path as HTML with its headline, title, canonical link and Open Graph tags',
    async (page) => {
      const response = await get(page.path);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      const html = response.body;
      expect(h1(html)).toBe(page.headline);
      expect(decode(/<title>(.*?)<\/title>/.exec(html)?.[1] ?? '')).toBe(page.title);
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
      expect(html).toContain(`<link rel="canonical" href="${BASE}${page.path}" />`);
      expect(html).toContain(`<meta property="og:url" content="${BASE}${page.path}" />`);
      expect(html).toContain('<meta property="og:title"');
      expect(html).not.toContain('%PUBLIC_BASE_URL%');
      // The strict CSP allows no inline script or style.
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>|<style|\sstyle="/);
    },
  );

  it('compresses pages for clients that accept it', async () => {
    const response = await get('/pricing', { 'accept-encoding': 'gzip, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(decode(response.body)));
  });

  it("answers '/' with the console shell for a signed-in visitor", async () => {
    const response = await get('/', { cookie: `theme=dark; ${SIGNED_IN_HINT_COOKIE}=1` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain('<h1');
  });

  it('serves the SPA shell, not indexed, for console routes', async () => {
    for (const url of ['/signin', '/demo-requests', '/practices', '/sent-mail', '/invite/aB3-x_9']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('answers an unknown path with the prerendered not-found page, as a 404 and not indexed', async () => {
    const response = await get('/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(h1(response.body)).toBe('404 Page Not Found');
    expect(decode(/<title>(.*?)<\/title>/.exec(response.body)?.[1] ?? '')).toBe('404 Page Not Found');
    expect(response.body).toContain('<meta name="robots" content="noindex" />');
    expect(response.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>|<style|\sstyle="/);
    expect((await get('/api/no-such-endpoint')).statusCode).toBe(404);
  });

  it('lists the public pages in /sitemap.xml and points to it from /robots.txt', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.headers['content-type']).toContain('application/xml');
    const locations = [...sitemap.body.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(pages.map((page) => `${BASE}${page.path}`));
    const robots = await get('/robots.txt');
    expect(robots.body).toContain('User-agent: *');
    expect(robots.body).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });

  it('serves hashed assets pre-compressed and cached for a year', async () => {
    const script = readdirSync(path.join(webDistDir, 'assets')).find((file) => /^index-.*\.js$/.test(file));
    const response = await get(`/assets/${script}`, { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
