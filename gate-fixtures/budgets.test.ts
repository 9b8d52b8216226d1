import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUDGETS, check, ENTRIES, measure } from '../scripts/lib/budgets.mjs';

// A build in a temporary folder: a Vite manifest, its chunks and one prerendered page, shaped like dist/web.
type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };
const SMALL = 'export const a = 1;\n';
const CALL_LOGS = 'src/web/app/routes/call-logs.tsx';
/** JavaScript-looking text brotli cannot shrink much: base64 of random bytes compresses to about 3/4. */
const bloated = (kb: number) =>
  `export const b = "${randomBytes(Math.ceil((kb * 1000) / 0.75 / 1.34)).toString('base64')}";\n`;

// A test may build more than one: each is removed after it.
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function build({
  sizes = {},
  manifest: edit = (m) => m,
  pageScript = 'assets/public.js',
}: {
  sizes?: Record<string, string>;
  manifest?: (manifest: Record<string, Chunk>) => Record<string, Chunk>;
  pageScript?: string;
} = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'servc-budgets-'));
  dirs.push(dir);
  const manifest = edit({
    [ENTRIES.console]: {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_shared.js'],
      dynamicImports: [ENTRIES.layout, ...ENTRIES.landings, ENTRIES.chartsScreen, CALL_LOGS],
    },
    'public.html': { file: 'assets/public.js', isEntry: true, dynamicImports: ['src/island.ts'] },
    'src/island.ts': { file: 'assets/island.js' },
    '_shared.js': { file: 'assets/shared.js' },
    [ENTRIES.layout]: { file: 'assets/layout.js', imports: [ENTRIES.console] },
    [ENTRIES.landings[0]!]: { file: 'assets/overview.js', imports: [ENTRIES.console] },
    [ENTRIES.landings[1]!]: { file: 'assets/sign-in.js', imports: [ENTRIES.console] },
    [ENTRIES.chartsScreen]: {
      file: 'assets/analytics.js',
      imports: [ENTRIES.console],
      dynamicImports: [ENTRIES.charts, 'src/values-dialog.ts'],
    },
    'src/values-dialog.ts': { file: 'assets/values-dialog.js' },
    [ENTRIES.charts]: { file: 'assets/charts.js', imports: [ENTRIES.console, '_recharts.js'] },
    '_recharts.js': { file: 'assets/recharts.js' },
    [CALL_LOGS]: { file: 'assets/call-logs.js', imports: [ENTRIES.console] },
  });
  mkdirSync(path.join(dir, '.vite'), { recursive: true });
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  for (const chunk of Object.values(manifest)) {
    writeFileSync(path.join(dir, chunk.file), sizes[chunk.file] ?? SMALL);
  }
  writeFileSync(
    path.join(dir, 'prerendered.json'),
    JSON.stringify([{ path: '/pricing', file: 'pricing.html', title: 'Pricing', headline: 'Pricing' }]),
  );
  writeFileSync(
    path.join(dir, 'pricing.html'),
    `<script type="module" crossorigin src="/${pageScript}"></script>`,
  );
  return dir;
}

const overNames = (webDir: string) => check(measure(webDir)).over.map((row) => `${row.group}: ${row.name}`);

// The command-line cases start node processes: seconds each on the shared, busy CI machine.
describe('the front-end budget check (ADR 059)', { timeout: 60_000 }, () => {
  it('passes a build within every budget', () => {
    const { rows, over } = check(measure(build()));
    expect(over).toEqual([]);
    expect(rows.map((row) => row.group)).toEqual([
      'public page',
      'console first load',
      'console first load',
      'screen extra',
      'screen extra',
      'screen extra',
      'screen extra',
      'charts chunk',
    ]);
  });

  it('fails a public page whose lazily loaded island is bloated past 60 KB', () => {
    expect(overNames(build({ sizes: { 'assets/island.js': bloated(65) } }))).toEqual([
      'public page: /pricing',
    ]);
  });

  it('fails a public page that loads the console, however small', () => {
    expect(overNames(build({ pageScript: 'assets/index.js' }))).toEqual(['public page: /pricing']);
  });

  it("fails the console's first load when the shell is bloated past 200 KB", () => {
    expect(
      overNames(build({ sizes: { 'assets/shared.js': bloated(BUDGETS.consoleFirstLoad / 1000 + 5) } })),
    ).toEqual([`console first load: ${ENTRIES.landings[0]}`, `console first load: ${ENTRIES.landings[1]}`]);
  });

  it('fails a screen whose dialog, behind a dynamic import, brings its extra past 60 KB', () => {
    expect(overNames(build({ sizes: { 'assets/values-dialog.js': bloated(65) } }))).toEqual([
      `screen extra: ${ENTRIES.chartsScreen}`,
    ]);
  });

  it('counts the charts apart from the Analytics screen, and fails them past their own ceiling', () => {
    const within = check(measure(build({ sizes: { 'assets/recharts.js': bloated(65) } })));
    expect(within.over).toEqual([]);
    const screen = within.rows.find((row) => row.name === ENTRIES.chartsScreen)!;
    expect(screen.bytes).toBeLessThan(1000);
    expect(within.rows.at(-1)!.bytes).toBeGreaterThan(60_000);
    const past = bloated(BUDGETS.charts / 1000 + 5);
    expect(overNames(build({ sizes: { 'assets/recharts.js': past } }))).toEqual([
      `charts chunk: ${ENTRIES.charts}`,
    ]);
  });

  it('fails the charts, however small, when the first load, another screen or the Analytics code loads them', () => {
    const pulledBy = (edit: (manifest: Record<string, Chunk>) => Record<string, Chunk>) =>
      check(measure(build({ manifest: edit }))).over.map((row) => [row.name, row.pulledBy]);
    const overview = ENTRIES.landings[0]!;
    expect(
      pulledBy((m) => ({ ...m, [overview]: { ...m[overview]!, dynamicImports: [ENTRIES.charts] } })),
    ).toEqual([[ENTRIES.charts, [`first load (${overview})`]]]);
    // A screen that imports recharts itself shares the charts' chunk of it.
    expect(
      pulledBy((m) => ({
        ...m,
        [CALL_LOGS]: { ...m[CALL_LOGS]!, imports: [ENTRIES.console, '_recharts.js'] },
      })),
    ).toEqual([[ENTRIES.charts, [CALL_LOGS]]]);
    expect(
      pulledBy((m) => ({
        ...m,
        [ENTRIES.chartsScreen]: { ...m[ENTRIES.chartsScreen]!, imports: [ENTRIES.console, ENTRIES.charts] },
      })),
    ).toEqual([[ENTRIES.charts, [`${ENTRIES.chartsScreen} without a lazy import`]]]);
  });

  it('refuses a build it cannot measure rather than passing it', () => {
    const noLayout = build({ manifest: ({ [ENTRIES.layout]: _, ...rest }) => rest });
    expect(() => measure(noLayout)).toThrow(`The Vite manifest has no chunk ${ENTRIES.layout}.`);
    const noCharts = build({ manifest: ({ [ENTRIES.charts]: _, ...rest }) => rest });
    expect(() => measure(noCharts)).toThrow(`The Vite manifest has no chunk ${ENTRIES.charts}.`);
    const unknownScript = build({ pageScript: 'assets/elsewhere.js' });
    expect(() => measure(unknownScript)).toThrow('pricing.html loads /assets/elsewhere.js');
  });

  it('exits 1 from the command line and prints the figure that is over', () => {
    const webDir = build({ sizes: { 'assets/island.js': bloated(65) } });
    const run = spawnSync(process.execPath, ['scripts/budgets.mjs', webDir], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/public page\s+\/pricing\s+6\d\.\d KB \/ 60\.0 KB {2}OVER/);
    expect(run.stderr).toContain('1 figure(s) over budget');
    const ok = spawnSync(process.execPath, ['scripts/budgets.mjs', build()], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
  });

  it('names, from the command line, what loads the charts besides the Analytics screen', () => {
    const overview = ENTRIES.landings[0]!;
    const pulled = build({
      manifest: (m) => ({ ...m, [overview]: { ...m[overview]!, dynamicImports: [ENTRIES.charts] } }),
    });
    const charts = spawnSync(process.execPath, ['scripts/budgets.mjs', pulled], { encoding: 'utf8' });
    expect(charts.status).toBe(1);
    expect(charts.stdout).toContain(`OVER (also loaded by first load (${overview}))`);
  });
});
