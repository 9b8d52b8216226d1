import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MENU_ITEMS } from '#shared/permissions';
import { SIGNED_IN_HINT_COOKIE, SIGN_IN_PATH } from '#shared/site';
import type { App } from '../app-types';
import { notFound } from '../errors';
import { acceptedEncoding, compressSync, markEncoding } from './compression';

/** Written by scripts/prerender.mjs next to the pages; the pages carry this placeholder for the origin. */
const MANIFEST = 'prerendered.json';
/** The not-found page, prerendered (scripts/prerender.mjs). */
const NOT_FOUND_FILE = '404.html';
const BASE_URL_PLACEHOLDER = '%PUBLIC_BASE_URL%';

/**
 * Every page carries this response's style nonce (index.html's <meta name="csp-nonce">): the dialogs' scroll
 * lock injects a <style> at run time, which the strict style-src allows only with the nonce of the CSP header.
 */
const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** Where an invitation mail's link lands (`/invite/<token>`): the page that sets the invitee's password. */
const INVITE_PATH = '/invite/:token';

/** Paths the web app's router serves from the shell: sign-in, the invitation page and every console menu path. */
export const SPA_PATHS: readonly string[] = [
  SIGN_IN_PATH,
  INVITE_PATH,
  ...MENU_ITEMS.map((item) => item.path),
];

/** A page split around its nonce placeholder, filled and compressed per response. */
type HtmlPage = [before: string, after: string];

function htmlPage(text: string): HtmlPage {
  const at = text.indexOf(NONCE_PLACEHOLDER);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + NONCE_PLACEHOLDER.length)];
}

/** Admits this page's nonce in style-src of the policy helmet set (API responses need no nonce). */
function allowStyleNonce(reply: FastifyReply, nonce: string) {
  const policy = String(reply.getHeader('content-security-policy') ?? '');
  void reply.header(
    'content-security-policy',
    policy.replace("style-src 'self'", `style-src 'self' 'nonce-${nonce}'`),
  );
}

function sendHtml(request: FastifyRequest, reply: FastifyReply, [before, after]: HtmlPage, status = 200) {
  const nonce = randomBytes(16).toString('base64');
  allowStyleNonce(reply, nonce);
  const html = Buffer.from(before + nonce + after);
  const encoding = acceptedEncoding(request);
  void reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
  markEncoding(reply, encoding);
  return reply.send(encoding ? compressSync(html, encoding) : html);
}

const xmlEscape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * The built web app (ADR 011): prerendered public pages at their paths, /sitemap.xml and /robots.txt, hashed
 * assets (pre-compressed, cached for a year), the SPA shell for the console's paths and the prerendered
 * not-found page (404) for every other non-API GET. The pages are read once at boot, so every instance answers
 * alike without shared state.
 */
export async function installWebApp(app: App, webDir: string | undefined, publicBaseUrl: string) {
  const built =
    webDir && [MANIFEST, 'app.html', NOT_FOUND_FILE].every((file) => existsSync(path.join(webDir, file)));
  if (!webDir || !built) {
    app.setNotFoundHandler((request) => {
      throw notFound(request.url.startsWith('/api') ? 'No such API endpoint.' : 'Not found.');
    });
    return;
  }
  const read = (file: string) =>
    htmlPage(readFileSync(path.join(webDir, file), 'utf8').replaceAll(BASE_URL_PLACEHOLDER, publicBaseUrl));
  const pages = JSON.parse(readFileSync(path.join(webDir, MANIFEST), 'utf8')) as {
    path: string;
    file: string;
  }[];
  const shell = read('app.html');
  const notFoundPage = read(NOT_FOUND_FILE);

  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // HTML goes out through the routes below, with the origin filled in.
    allowedPath: (pathName) => !pathName.endsWith('.html') && !pathName.endsWith(MANIFEST),
    setHeaders: (reply, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        void reply.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });

  const signedIn = new RegExp(`(?:^|;\\s*)${SIGNED_IN_HINT_COOKIE}=1(?:;|$)`);
  for (const page of pages) {
    const html = read(page.file);
    app.get(page.path, (request, reply) => {
      // '/' is the Overview for a signed-in visitor: the console shell, not the marketing page.
      if (page.path !== '/') return sendHtml(request, reply, html);
      void reply.header('vary', 'accept-encoding, cookie');
      return sendHtml(request, reply, signedIn.test(request.headers.cookie ?? '') ? shell : html);
    });
  }

  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...pages.map((page) => `  <url><loc>${xmlEscape(publicBaseUrl + page.path)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  app.get('/sitemap.xml', (_request, reply) => reply.type('application/xml; charset=utf-8').send(sitemap));
  const robots = `User-agent: *\nAllow: /\n\nSitemap: ${publicBaseUrl}/sitemap.xml\n`;
  app.get('/robots.txt', (_request, reply) => reply.type('text/plain; charset=utf-8').send(robots));

  // The console's screens and the sign-in page are the SPA shell; prerendered pages have their own routes.
  const prerendered = new Set(pages.map((page) => page.path));
  for (const url of SPA_PATHS) {
    if (prerendered.has(url)) continue;
    app.get(url, (request, reply) => sendHtml(request, reply, shell));
  }

  // Any other page is a 404: the prerendered not-found page with the site's header and footer.
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (request.method === 'GET' && !url.startsWith('/api/') && url !== '/api') {
      return sendHtml(request, reply, notFoundPage, 404);
    }
    throw notFound(url.startsWith('/api') ? 'No such API endpoint.' : 'Not found.');
  });
}
