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
/** JavaScript-looking text brotli cannot shrink much: base64 of random bytes compresses to about 3/4. */
const bloated = (kb: number) =>
  `export const b = "${randomBytes(Math.ceil((kb * 1000) / 0.75 / 1.34)).toString('base64')}";\n`;

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function build({
  sizes = {},
  manifest: edit = (m) => m,
  pageScript = 'assets/public.js',
}: {
  sizes?: Record<string, string>;
  manifest?: (manifest: Record<string, Chunk>) => Record<string, Chunk>;
  pageScript?: string;
} = {}) {
  dir = mkdtempSync(path.join(tmpdir(), 'servc-budgets-'));
  const manifest = edit({
    [ENTRIES.console]: {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_shared.js'],
      dynamicImports: [ENTRIES.layout, ...ENTRIES.landings, 'src/web/app/routes/analytics.tsx'],
    },
    'public.html': { file: 'assets/public.js', isEntry: true, dynamicImports: ['src/island.ts'] },
    'src/island.ts': { file: 'assets/island.js' },
    '_shared.js': { file: 'assets/shared.js' },
    [ENTRIES.layout]: { file: 'assets/layout.js', imports: [ENTRIES.console] },
    [ENTRIES.landings[0]!]: { file: 'assets/overview.js', imports: [ENTRIES.console] },
    [ENTRIES.landings[1]!]: { file: 'assets/sign-in.js', imports: [ENTRIES.console] },
    'src/web/app/routes/analytics.tsx': {
      file: 'assets/analytics.js',
      imports: [ENTRIES.console],
      dynamicImports: ['src/charts.ts'],
    },
    'src/charts.ts': { file: 'assets/charts.js' },
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

describe('the front-end budget check (ADR 059)', () => {
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

  it('fails a screen whose charts, behind a dynamic import, bring its extra past 60 KB', () => {
    expect(overNames(build({ sizes: { 'assets/charts.js': bloated(65) } }))).toEqual([
      'screen extra: src/web/app/routes/analytics.tsx',
    ]);
  });

  it('refuses a build it cannot measure rather than passing it', () => {
    const noLayout = build({ manifest: ({ [ENTRIES.layout]: _, ...rest }) => rest });
    expect(() => measure(noLayout)).toThrow(`The Vite manifest has no chunk ${ENTRIES.layout}.`);
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
});
