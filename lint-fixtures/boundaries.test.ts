import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const BOUNDARY_RULES = ['import-x/no-restricted-paths', 'import-x/no-cycle'];

function fixtures(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return fixtures(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const cases = fixtures(here)
  .map((file) => {
    const text = readFileSync(file, 'utf8');
    const lintAs = /^\/\/ lint-as: (.+)$/m.exec(text)?.[1];
    const expected = /^\/\/ expect: (.+)$/m.exec(text)?.[1];
    return lintAs && expected ? { name: path.relative(here, file), text, lintAs, expected } : null;
  })
  .filter((fixture) => fixture !== null);

// The first lint loads the config, its plugins and the TypeScript resolver: seconds on a busy 2-core machine.
describe('import boundaries (eslint.config.js)', { timeout: 60_000 }, () => {
  const eslint = new ESLint({ cwd: root, ignore: false });

  it('has a fixture for every zone', () => {
    expect(cases.length).toBeGreaterThanOrEqual(15);
  });

  it.each(cases)('$name', async ({ text, lintAs, expected }) => {
    const [result] = await eslint.lintText(text, { filePath: path.join(root, lintAs) });
    const reported = result!.messages
      .map((message) => message.ruleId)
      .filter((id) => BOUNDARY_RULES.includes(id!));
    if (expected === 'none') expect(reported).toEqual([]);
    else expect(reported).toContain(expected);
  });
});
