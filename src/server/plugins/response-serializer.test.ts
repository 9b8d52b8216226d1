import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler, serializationSchema } from './response-serializer';

const Schema = z.object({
  at: z.iso.datetime().nullable(),
  count: z.number().int().min(0).nullable(),
  verdict: z.union([z.string(), z.boolean()]).nullable(),
  kind: z.enum(['a', 'b']),
  choice: z.union([z.object({ x: z.number() }), z.object({ y: z.string() })]),
});
const serialize = (value: unknown) =>
  (responseSerializerCompiler as (route: { schema: unknown }) => (value: unknown) => string)({
    schema: Schema,
  })(value);

describe('response serializer', () => {
  it('turns unions of constrained primitives into type lists and keeps unions of objects', () => {
    const { properties } = serializationSchema(z.toJSONSchema(Schema, { target: 'draft-7' })) as {
      properties: Record<string, Record<string, unknown>>;
    };
    expect(properties.at).toEqual({ type: ['string', 'null'], format: 'date-time' });
    expect(properties.count).toEqual({ type: ['integer', 'null'] });
    expect(properties.verdict).toEqual({ type: ['string', 'boolean', 'null'] });
    expect(properties.kind).toEqual({ type: 'string', enum: ['a', 'b'] });
    expect(properties.choice?.anyOf).toHaveLength(2);
  });

  it('writes the same JSON as JSON.stringify for declared properties and drops the rest', () => {
    const values = [
      { at: '2026-11-21T09:30:00.000Z', count: 3, verdict: 'true', kind: 'a', choice: { x: 1 } },
      { at: null, count: null, verdict: false, kind: 'b', choice: { y: 'z' } },
    ];
    for (const value of values) expect(JSON.parse(serialize(value))).toEqual(value);
    expect(JSON.parse(serialize({ ...values[0], passwordHash: 'secret' }))).not.toHaveProperty(
      'passwordHash',
    );
  });
});
