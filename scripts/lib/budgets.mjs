// The front-end budgets (issue 26, ADR 059), measured from a build: the Vite manifest says which chunks each
// page or screen loads, and each chunk counts as its brotli size at quality 11 (what the server sends).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

/** Bytes of brotli-compressed JavaScript; 1 KB = 1000 bytes. */
export const BUDGETS = {
  publicPage: 60_000,
  consoleFirstLoad: 200_000,
  screenExtra: 60_000,
  /**
   * The Analytics charts' chunk (recharts, which issue 25 names; 100 KB measured, past any screen's 60 KB): a
   * ceiling of its own, its measure plus a small margin, and reachable only from the Analytics screen (ADR 059).
   */
  charts: 105_000,
};

/** The manifest keys the figures start from (vite.config.ts's inputs, src/web/app/router.tsx's lazy imports). */
export const ENTRIES = {
  console: 'index.html',
  layout: 'src/web/app/layouts/console-layout.tsx',
  /** The screens a cold visit lands on: '/' signed in, and the sign-in page. */
  landings: ['src/web/app/routes/overview.tsx', 'src/web/app/routes/sign-in.tsx'],
  /** The charts' module, loaded lazily by the one screen allowed to reach it. */
  charts: 'src/web/features/analytics/components/charts.tsx',
  chartsScreen: 'src/web/app/routes/analytics.tsx',
};

const MANIFEST = path.join('.vite', 'manifest.json');

export function readManifest(webDir) {
  const file = path.join(webDir, MANIFEST);
  if (!existsSync(file)) throw new Error(`${file} is missing: build with \`npm run build\` first.`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * The chunk keys `key` loads: its static imports, and with `dynamic` its dynamic imports too, transitively;
 * chunks in `loaded` (already there) are neither counted nor followed.
 */
export function closure(manifest, key, { dynamic = false, loaded = new Set() } = {}) {
  const seen = new Set();
  const visit = (at) => {
    const chunk = manifest[at];
    if (!chunk) throw new Error(`The Vite manifest has no chunk ${at}.`);
    if (seen.has(at) || loaded.has(at)) return;
    seen.add(at);
    for (const next of chunk.imports ?? []) visit(next);
    if (dynamic) for (const next of chunk.dynamicImports ?? []) visit(next);
  };
  visit(key);
  return seen;
}

/** Sums the brotli size of each distinct JavaScript file, compressing each file once per measurement. */
function sizer(webDir, manifest) {
  const cache = new Map();
  const sizeOf = (key) => {
    const { file } = manifest[key];
    if (!file.endsWith('.js')) return 0;
    if (!cache.has(file)) {
      const content = readFileSync(path.join(webDir, file));
      const packed = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      cache.set(file, packed.length);
    }
    return cache.get(file);
  };
  return (keys) => [...keys].reduce((sum, key) => sum + sizeOf(key), 0);
}

/** The manifest keys of the module scripts a prerendered page's HTML names. */
function pageEntries(html, manifest, file) {
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const sources = [...html.matchAll(/<script[^>]*\bsrc="\/([^"]+)"/g)].map((match) => match[1]);
  return sources.map((source) => {
    const key = byFile.get(source);
    if (!key) throw new Error(`${file} loads /${source}, which the Vite manifest does not list.`);
    return key;
  });
}

/**
 * Every figure of a build in dist/web: each prerendered page's JavaScript (all it can load, islands included),
 * the console's cold first load per landing screen, and each lazily loaded screen's extra beyond the shell.
 */
export function measure(webDir) {
  const manifest = readManifest(webDir);
  const size = sizer(webDir, manifest);
  const pagesFile = path.join(webDir, 'prerendered.json');
  if (!existsSync(pagesFile)) throw new Error(`${pagesFile} is missing: the build did not prerender.`);
  const pages = JSON.parse(readFileSync(pagesFile, 'utf8'));
  if (pages.length === 0) throw new Error(`${pagesFile} lists no page.`);
  // The not-found page is public too (scripts/prerender.mjs writes it beside the others).
  if (existsSync(path.join(webDir, '404.html'))) pages.push({ path: '404.html', file: '404.html' });

  const publicPages = pages.map((page) => {
    const html = readFileSync(path.join(webDir, page.file), 'utf8');
    const keys = new Set();
    for (const entry of pageEntries(html, manifest, page.file)) {
      for (const key of closure(manifest, entry, { dynamic: true })) keys.add(key);
    }
    if (keys.size === 0) throw new Error(`${page.file} loads no script: is the public entry missing?`);
    return { name: page.path, bytes: size(keys), console: keys.has(ENTRIES.console) };
  });

  const shell = new Set([...closure(manifest, ENTRIES.console), ...closure(manifest, ENTRIES.layout)]);
  const screens = manifest[ENTRIES.console].dynamicImports ?? [];
  if (screens.length === 0) throw new Error(`${ENTRIES.console} loads no screen lazily.`);
  // The charts' own chunks: what the charts' module can load beyond the shell and the Analytics screen's code.
  const chartsScreenCode = closure(manifest, ENTRIES.chartsScreen, { loaded: shell });
  const charts = closure(manifest, ENTRIES.charts, {
    dynamic: true,
    loaded: new Set([...shell, ...chartsScreenCode]),
  });
  const pullsCharts = (keys) => keys.has(ENTRIES.charts) || [...charts].some((key) => keys.has(key));

  // A screen counts all it can load (its dialogs' chunks too), beyond the shell; the charts count apart.
  const extra = (screen) =>
    closure(manifest, screen, { dynamic: true, loaded: new Set([...shell, ...charts]) });
  const reach = (screen) => closure(manifest, screen, { dynamic: true, loaded: shell });
  const firstLoads = ENTRIES.landings.map((landing) => ({
    name: landing,
    bytes: size(new Set([...shell, ...extra(landing)])),
  }));
  const screenExtras = screens
    .filter((screen) => screen !== ENTRIES.layout)
    .map((screen) => ({ name: screen, bytes: size(extra(screen)) }));

  // Who loads the charts besides the Analytics screen, lazily: a landing's first load, any other screen, or the
  // Analytics screen's own code.
  const pulledBy = [
    ...(pullsCharts(shell) ? ['the console shell'] : []),
    ...ENTRIES.landings.filter((landing) => pullsCharts(reach(landing))).map((l) => `first load (${l})`),
    ...screens
      .filter((screen) => screen !== ENTRIES.chartsScreen && !ENTRIES.landings.includes(screen))
      .filter((screen) => pullsCharts(reach(screen))),
    ...(pullsCharts(chartsScreenCode) ? [`${ENTRIES.chartsScreen} without a lazy import`] : []),
  ];
  return {
    publicPages,
    firstLoads,
    screenExtras,
    charts: { name: ENTRIES.charts, bytes: size(charts), pulledBy },
  };
}

/**
 * Each figure against its budget: `over` lists what exceeds one (a public page that loads the console does, and
 * the charts' chunk reached from anywhere but the Analytics screen's lazy import).
 */
export function check(figures, budgets = BUDGETS) {
  const rows = [
    ...figures.publicPages.map((row) => ({ group: 'public page', ...row, budget: budgets.publicPage })),
    ...figures.firstLoads.map((row) => ({
      group: 'console first load',
      ...row,
      budget: budgets.consoleFirstLoad,
    })),
    ...figures.screenExtras.map((row) => ({ group: 'screen extra', ...row, budget: budgets.screenExtra })),
    { group: 'charts chunk', ...figures.charts, budget: budgets.charts },
  ];
  const over = rows.filter((row) => row.bytes > row.budget || row.console || row.pulledBy?.length > 0);
  return { rows, over };
}

export const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
