import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z, type ZodType } from 'zod';

/**
 * Responses go out through fast-json-stringify compiled from each route's zod response schema: only the
 * properties the schema declares are written (the schema stays an allowlist), at a fraction of the cost of
 * validating every response with zod and then calling JSON.stringify.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<ZodType> = ({ schema }) =>
  fastJson(z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as object);
