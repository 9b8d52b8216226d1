import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z, type ZodType } from 'zod';

/**
 * Responses go out through fast-json-stringify compiled from each route's zod response schema: only the
 * properties the schema declares are written (the schema stays an allowlist), at a fraction of the cost of
 * validating every response with zod and then calling JSON.stringify.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<ZodType> = ({ schema }) =>
  fastJson(
    serializationSchema(z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' })),
  );

type JsonSchema = { [key: string]: unknown };

/** Keywords that only constrain values; a serializer has nothing to do with them. */
const CONSTRAINTS = new Set([
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
]);
const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/**
 * The schema as the serializer needs it. fast-json-stringify chooses an `anyOf` branch by running a JSON-schema
 * validator over the value, so a nullable date-time (zod's `anyOf: [{ type: 'string', format, pattern }, { type:
 * 'null' }]`) costs a regular-expression match per value; without the constraints such a union is a type list,
 * which it tells apart with `typeof`. Unions of objects stay unions.
 */
export function serializationSchema(schema: unknown): JsonSchema {
  return simplify(schema) as JsonSchema;
}

function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (CONSTRAINTS.has(key)) continue;
    out[key] =
      key === 'properties' || key === 'definitions' || key === '$defs' ? mapValues(value) : simplify(value);
  }
  for (const union of ['anyOf', 'oneOf'] as const) {
    const members = out[union];
    if (!Array.isArray(members)) continue;
    const merged = primitiveUnion(members as JsonSchema[]);
    if (!merged) continue;
    delete out[union];
    Object.assign(out, merged);
  }
  return out;
}

function mapValues(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, simplify(schema)]));
}

/** `{ type: [...] }` for a union of bare primitive types sharing at most one format; otherwise undefined. */
function primitiveUnion(members: JsonSchema[]): JsonSchema | undefined {
  const types = new Set<string>();
  const formats = new Set<unknown>();
  for (const member of members) {
    if (Object.keys(member).some((key) => key !== 'type' && key !== 'format')) return undefined;
    for (const type of [member.type].flat()) {
      if (typeof type !== 'string' || !PRIMITIVES.has(type)) return undefined;
      types.add(type);
    }
    if (member.format !== undefined) formats.add(member.format);
  }
  if (formats.size > 1) return undefined;
  return { type: [...types], ...(formats.size ? { format: [...formats][0] } : {}) };
}
