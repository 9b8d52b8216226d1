import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findInvalidText, jsonMayHoldInvalidText } from './input-text';

/** Any UTF-16 code unit, lone surrogates and NUL included. */
const anyText = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) });
const anyValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    anyText,
    fc.integer(),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(anyText, tie('value'), { maxKeys: 4 }),
  ),
})).value;
/** JSON text as a client may write it: escapes' hex digits in either case. */
const anyCaseEscapes = (text: string, upper: boolean) =>
  upper ? text.replace(/\\u[0-9a-f]{4}/g, (escape) => `\\u${escape.slice(2).toUpperCase()}`) : text;

describe('the JSON text check that spares the walk (issue 26)', () => {
  it('never calls text clean when what it parses to holds NUL or a lone surrogate', () => {
    fc.assert(
      fc.property(anyValue, fc.boolean(), (value, upper) => {
        const text = anyCaseEscapes(JSON.stringify(value), upper);
        if (findInvalidText(JSON.parse(text))) expect(jsonMayHoldInvalidText(text)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('calls ordinary text clean, and sends what only looks suspect to the walk', () => {
    expect(jsonMayHoldInvalidText(JSON.stringify({ name: 'Zoë 😀 Ünal', n: [1, 'a\\b'] }))).toBe(false);
    // A valid pair, escaped, and an escaped backslash before "u0000": suspect, but the walk accepts them.
    for (const text of ['{"a":"\\ud83d\\ude00"}', '{"a":"\\\\u0000"}']) {
      expect(jsonMayHoldInvalidText(text)).toBe(true);
      expect(findInvalidText(JSON.parse(text))).toBeUndefined();
    }
  });
});
