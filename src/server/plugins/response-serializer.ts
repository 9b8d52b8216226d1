import fastJson from 'fast-json-stringify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z, type ZodType } from 'zod';
import type { Table } from 'drizzle-orm';
import type { TableChanges } from '../db/changes';
import { createReadCache, type ReadCacheOptions } from '../db/read-cache';
import { acceptedEncoding, compress, markEncoding, type Encoding } from './compression';

/**
 * Responses go out through fast-json-stringify compiled from each route's zod response schema: only the
 * properties the schema declares are written (the schema stays an allowlist), at a fraction of the cost of
 * validating every response with zod and then calling JSON.stringify.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<ZodType> = ({ schema }) =>
  compileSerializer(schema);

export function compileSerializer<T>(schema: ZodType<T>): (value: T) => string {
  return fastJson(
    serializationSchema(z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' })),
  );
}

/** A serialized body, and its compressed forms as clients have asked for them. */
interface Body {
  raw: Buffer;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

/** Below this, compressing costs more than sending. */
const COMPRESS_MIN_BYTES = 1024;

/**
 * Serialized response bodies kept in a read cache until a table they were read from changes (ADR 022), each
 * compressed at most once per encoding: for large answers polled by many screens, where serializing and
 * compressing are most of the work.
 */
export function createBodyCache<T>(
  schema: ZodType<T>,
  changes: TableChanges | undefined,
  tables: readonly Table[],
  options?: ReadCacheOptions,
) {
  const serialize = compileSerializer(schema);
  const bodies = createReadCache<Body>(changes, tables, options);

  async function sendBody(request: FastifyRequest, reply: FastifyReply, body: Body): Promise<FastifyReply> {
    const encoding = body.raw.length >= COMPRESS_MIN_BYTES ? acceptedEncoding(request) : undefined;
    markEncoding(reply, encoding);
    void reply.type('application/json; charset=utf-8');
    if (!encoding) return reply.send(body.raw);
    const encoded = (body.encoded[encoding] ??= compress(body.raw, encoding));
    // A failed compression is not kept: the next request tries again.
    encoded.catch(() => {
      if (body.encoded[encoding] === encoded) delete body.encoded[encoding];
    });
    return reply.send(await encoded);
  }

  return {
    /**
     * Replies with the body for `key`; without a key (data outside our database) it is read and serialized
     * each time. Fastify sends bytes as they are, so the route's own serializer does not run twice.
     */
    async send(
      request: FastifyRequest,
      reply: FastifyReply,
      key: string | undefined,
      load: () => Promise<T>,
    ): Promise<FastifyReply> {
      const read = async (): Promise<Body> => ({ raw: Buffer.from(serialize(await load())), encoded: {} });
      return sendBody(request, reply, key === undefined ? await read() : await bodies.get(key, read));
    },

    /**
     * The same for a body already serialized elsewhere (the calendar's week written from its rows, ADR 062):
     * `load` must answer exactly what `send` would for the schema; a test of the caller holds it to that.
     */
    async sendJson(
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      load: () => Promise<Buffer>,
    ): Promise<FastifyReply> {
      return sendBody(
        request,
        reply,
        await bodies.get(key, async () => ({ raw: await load(), encoded: {} })),
      );
    },
  };
}

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
