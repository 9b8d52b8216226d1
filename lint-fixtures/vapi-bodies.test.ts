import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * `tsc` refuses a wrong Vapi body (issue 20): each file in vapi-bodies/ is a body typed as the SDK's request
 * DTO (through src/server/integrations/voice/vapi/vapi-types.ts) with one deliberate mistake, and names the
 * compiler error it must raise on its `// expect-tsc:` line (`none` for the control). The folder is outside
 * every tsconfig, so only this test compiles it.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.join(here, 'vapi-bodies');
const root = path.resolve(here, '..');

const cases = readdirSync(dir)
  .filter((name) => name.endsWith('.ts'))
  .map((name) => {
    const file = path.join(dir, name);
    return { name, file, expected: /^\/\/ expect-tsc: (.+)$/m.exec(readFileSync(file, 'utf8'))![1]! };
  });

function compile(): Map<string, string[]> {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, 'tsconfig.server.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  )!;
  const program = ts.createProgram(
    cases.map((c) => c.file),
    config.options,
  );
  const errors = new Map<string, string[]>();
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const file = diagnostic.file?.fileName ?? '';
    errors.set(file, [
      ...(errors.get(file) ?? []),
      ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
    ]);
  }
  return errors;
}

describe('wrong Vapi bodies do not compile (vapi-bodies/)', () => {
  let errors: Map<string, string[]> | undefined;
  const errorsOf = (file: string) => (errors ??= compile()).get(file.split(path.sep).join('/')) ?? [];

  it('has the control and at least one mistake per request kind', () => {
    expect(cases.map((c) => c.name)).toEqual(
      expect.arrayContaining(['valid-bodies.ts', 'call-unknown-key.ts', 'number-other-provider-key.ts']),
    );
  });

  it.each(cases)(
    '$name',
    ({ file, expected }) => {
      const found = errorsOf(file);
      if (expected === 'none') expect(found).toEqual([]);
      else {
        expect(found).toHaveLength(1);
        expect(found[0]).toContain(expected);
      }
    },
    60_000,
  );
});
