// Prerenders every public page into dist/web after `vite build` (ADR 011): dist/web/index.html for '/',
// dist/web/<page>/index.html for the others, dist/web/app.html as the console's SPA shell, dist/web/404.html for
// unknown paths, and a manifest the server reads. The pages and the 404 load public.html's script (the islands,
// ADR 059), the shell loads index.html's (the console). The canonical origin is left as a placeholder the server fills
// from PUBLIC_BASE_URL.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { build } from 'vite';
import { root } from './lib/ensure.mjs';

export const BASE_URL_PLACEHOLDER = '%PUBLIC_BASE_URL%';
const NOT_FOUND_FILE = '404.html';
const webDir = path.join(root, 'dist', 'web');
const ssrDir = path.join(root, 'dist', 'prerender');

const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function withHead(template, { title, description, extraHead }) {
  return template
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(
      /<meta\s+name="description"[\s\S]*?\/>/,
      () => `<meta name="description" content="${escapeHtml(description)}" />`,
    )
    .replace('</head>', () => `${extraHead}\n  </head>`);
}

function pageHtml(template, page, body) {
  const url = `${BASE_URL_PLACEHOLDER}${page.path}`;
  const extraHead = [
    `<link rel="canonical" href="${url}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Servc AI Receptionist" />`,
    `<meta property="og:title" content="${escapeHtml(page.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ].join('\n    ');
  return withHead(template, { ...page, extraHead }).replace(
    '<div id="root"></div>',
    () => `<div id="root">${body}</div>`,
  );
}

function assertStrictCsp(file, html) {
  const inlineScript = /<script(?![^>]*\bsrc=)[^>]*>/i.test(html);
  if (inlineScript || /<style[\s>]/i.test(html) || /\sstyle="/i.test(html)) {
    throw new Error(`${file} has inline script or style, which the Content-Security-Policy blocks.`);
  }
}

const stylesheetOf = (html) => {
  const href = /<link rel="stylesheet"[^>]*href="([^"]+)"/.exec(html)?.[1];
  if (!href) throw new Error('No stylesheet linked from a built page.');
  return readFileSync(path.join(webDir, href), 'utf8');
};

/**
 * `.name` as Tailwind writes a class's selector (CSS.escape): every character but letters, digits, `-` and `_`
 * escaped, and a leading digit as its code point (`\32 ` for a 2).
 */
const selectorOf = (name) =>
  `.${name.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`).replace(/^[0-9]/, (digit) => `\\3${digit} `)}`;

function hasSelector(css, selector) {
  for (let at = css.indexOf(selector); at !== -1; at = css.indexOf(selector, at + 1)) {
    if (!/[a-zA-Z0-9_\\-]/.test(css[at + selector.length] ?? '')) return true;
  }
  return false;
}

const decodeEntities = (text) =>
  text.replace(
    /&(amp|lt|gt|quot|#x27|#39);/g,
    (_, name) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[name] ?? "'",
  );

/**
 * The public pages have a stylesheet of their own (ADR 064), generated from their sources only. A class the
 * console's stylesheet styles must be styled in it too, or the page would lose that style without any error.
 */
function assertStyled(file, html, pageCss, consoleCss) {
  const classes = new Set(
    [...html.matchAll(/\sclass="([^"]*)"/g)].flatMap((match) => decodeEntities(match[1]).split(/\s+/)),
  );
  const styled = [...classes].filter((name) => name && hasSelector(consoleCss, selectorOf(name)));
  // None found at all would mean the selectors are written in a way this check no longer reads.
  if (styled.length === 0) throw new Error(`${file}: no class found in the console's stylesheet.`);
  const missing = styled.filter((name) => !hasSelector(pageCss, selectorOf(name)));
  if (missing.length > 0)
    throw new Error(`${file} uses classes its stylesheet does not style: ${missing.join(' ')}.`);
}

/** Brotli and gzip twins of the hashed assets, served by @fastify/static's preCompressed option. */
function precompress(dir) {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) precompress(file);
    else if (/\.(js|css|svg|txt)$/.test(entry)) {
      const content = readFileSync(file);
      if (content.length < 1024) continue;
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    }
  }
}

const read = (file) => {
  if (!existsSync(path.join(webDir, file)))
    throw new Error(`Run \`vite build\` before prerendering (${file}).`);
  return readFileSync(path.join(webDir, file), 'utf8');
};
const consoleTemplate = read('index.html');
const template = read('public.html');
const consoleCss = stylesheetOf(consoleTemplate);
const publicCss = stylesheetOf(template);

await build({
  root,
  logLevel: 'warn',
  build: {
    ssr: 'src/web/prerender-entry.tsx',
    outDir: ssrDir,
    emptyOutDir: true,
    copyPublicDir: false,
  },
});
const { render, renderNotFound, publicPages } = await import(
  pathToFileURL(path.join(ssrDir, 'prerender-entry.js')).href
);

const manifest = [];
for (const page of publicPages) {
  const file = page.path === '/' ? 'index.html' : `${page.path.slice(1)}/index.html`;
  const html = pageHtml(template, page, render(page.path));
  assertStrictCsp(file, html);
  assertStyled(file, html, publicCss, consoleCss);
  mkdirSync(path.dirname(path.join(webDir, file)), { recursive: true });
  writeFileSync(path.join(webDir, file), html);
  manifest.push({ path: page.path, file, title: page.title, headline: page.headline });
}
const shell = withHead(consoleTemplate, {
  title: 'Servc AI Receptionist',
  description: publicPages[0].description,
  extraHead: '<meta name="robots" content="noindex" />',
});
writeFileSync(path.join(webDir, 'app.html'), shell);
rmSync(path.join(webDir, 'public.html'));
// Any path no route knows: the not-found page, readable without scripts; the server answers it with 404.
const notFoundBody = renderNotFound();
const notFound = withHead(template, {
  title: '404 Page Not Found',
  description: publicPages[0].description,
  extraHead: '<meta name="robots" content="noindex" />',
}).replace('<div id="root"></div>', () => `<div id="root">${notFoundBody}</div>`);
assertStrictCsp(NOT_FOUND_FILE, notFound);
assertStyled(NOT_FOUND_FILE, notFound, publicCss, consoleCss);
writeFileSync(path.join(webDir, NOT_FOUND_FILE), notFound);
writeFileSync(path.join(webDir, 'prerendered.json'), JSON.stringify(manifest, null, 2) + '\n');
precompress(path.join(webDir, 'assets'));
rmSync(ssrDir, { recursive: true, force: true });
console.log(`Prerendered ${manifest.length} public pages into dist/web.`);
