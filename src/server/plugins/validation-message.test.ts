import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLabel, validationMessage } from './validation-message';

/** The message for the first issue zod finds in `value`, the way the error handler reports it. */
function messageFor(schema: z.ZodType, value: unknown): string {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected a failure');
  return validationMessage({ ...parsed.error.issues[0]! });
}

describe('validationMessage', () => {
  it('says a too long transcript in words, with the limit written out', () => {
    const schema = z.object({ transcript: z.string().max(100_000) });
    expect(messageFor(schema, { transcript: 'x'.repeat(100_001) })).toBe(
      'The transcript is too long (at most 100,000 characters)',
    );
  });

  it.each([
    [
      'a short text',
      z.object({ note: z.string().min(3) }),
      { note: 'a' },
      'The note is too short (at least 3 characters)',
    ],
    ['an empty required text', z.object({ name: z.string().min(1) }), { name: '' }, 'The name is required'],
    ['a missing field', z.object({ callId: z.string() }), {}, 'The call ID is required'],
    ['a wrong type', z.object({ callId: z.string() }), { callId: 5 }, 'The call ID is not valid'],
    [
      'a nested field',
      z.object({ patient_info: z.object({ phone_number: z.string().max(5) }) }),
      { patient_info: { phone_number: '123456' } },
      'The phone number is too long (at most 5 characters)',
    ],
    [
      'too many items',
      z.object({ ids: z.array(z.string()).max(2) }),
      { ids: ['a', 'b', 'c'] },
      'The ids has too many items (at most 2)',
    ],
    [
      'a large number',
      z.object({ maxDurationSeconds: z.number().max(43_200) }),
      { maxDurationSeconds: 50_000 },
      'The max duration seconds is too large (at most 43,200)',
    ],
    [
      'a small number',
      z.object({ limit: z.number().int().positive() }),
      { limit: 0 },
      'The limit is too small (more than 0)',
    ],
    [
      'an unknown option',
      z.object({ status: z.enum(['open', 'done']) }),
      { status: 'later' },
      'The status must be one of: open, done',
    ],
    [
      'a pattern',
      z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
      { date: 'soon' },
      'The date is not in the right format',
    ],
    [
      'a date and time',
      z.object({ startedAfter: z.iso.datetime() }),
      { startedAfter: 'yesterday' },
      'The started after is not in the right format',
    ],
    ['an id', z.object({ callId: z.uuid() }), { callId: 'nope' }, 'The call ID is not in the right format'],
    [
      'an unknown key',
      z.strictObject({ a: z.string() }),
      { a: 'x', b: 1 },
      'The request has a field it does not take: b',
    ],
    ['no body at all', z.object({ a: z.string() }), undefined, 'The request body must be a JSON object.'],
  ])('turns %s into a plain sentence', (_case, schema, value, expected) => {
    expect(messageFor(schema, value)).toBe(expected);
  });

  it("keeps a schema's own message, such as the spec's", () => {
    expect(messageFor(z.object({ email: z.email({ error: 'Invalid email address' }) }), { email: 'x' })).toBe(
      'Invalid email address',
    );
    expect(messageFor(z.object({ name: z.string().min(1, 'Name is required') }), { name: '' })).toBe(
      'Name is required',
    );
  });

  it('never answers with zod wording', () => {
    const schema = z.object({
      a: z.string().length(4),
      b: z.literal('x'),
      c: z.number().multipleOf(5),
      d: z.union([z.string(), z.number()]),
    });
    for (const value of [
      { a: 'abc' },
      { a: 'abcd', b: 'y' },
      { a: 'abcd', b: 'x', c: 3 },
      { a: 'abcd', b: 'x', c: 5, d: true },
    ]) {
      expect(messageFor(schema, value)).not.toMatch(
        /expected|Too (big|small)|Invalid (input|option|string|number)|[<>]=?\d/,
      );
    }
  });
});

describe('fieldLabel', () => {
  it('names the last named part of the path in words', () => {
    expect(fieldLabel(['messages', 0, 'content'])).toBe('The content');
    expect(fieldLabel(['assistantId'])).toBe('The assistant ID');
    expect(fieldLabel([])).toBe('The request');
  });
});
