import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exceedsJsonDepth } from './json-body';

/** How deeply a parsed value nests objects and arrays. */
function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depthOf));
}

/** The rule, a character at a time: in a string, a backslash takes the next character with it. */
function exceedsOneByOne(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      if (++depth > max) return true;
    } else if (c === '}' || c === ']') depth--;
  }
  return false;
}

describe('exceedsJsonDepth', () => {
  it('tells how deeply JSON text nests, strings of any content included', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 9 }), (value, max) => {
        expect(exceedsJsonDepth(JSON.stringify(value), max)).toBe(depthOf(value) > max);
      }),
      { numRuns: 3000 },
    );
  });

  it('reads any text, JSON or not, as a character-by-character scan does (escapes, runs of backslashes)', () => {
    const text = fc.string({ unit: fc.constantFrom('"', '\\', '[', ']', '{', '}', 'a'), maxLength: 60 });
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 4 }), (input, max) => {
        expect(exceedsJsonDepth(input, max)).toBe(exceedsOneByOne(input, max));
      }),
      { numRuns: 20000 },
    );
  });
});
