import { expect } from 'vitest';
import type { ZodType } from 'zod';

/** What the tests need of an injected response. */
interface InjectedResponse {
  statusCode: number;
  body: string;
  json(): unknown;
}

/**
 * The body of a response with the expected status, parsed with the route's shared response schema. The fast
 * serializer writes what the schema declares but does not validate (plugins/response-serializer.ts), so API
 * tests check the contract here: a missing field or a wrong type fails the test.
 */
export function parseResponse<T>(response: InjectedResponse, schema: ZodType<T>, status = 200): T {
  expect(response.statusCode, response.body).toBe(status);
  const parsed = schema.safeParse(response.json());
  if (!parsed.success) {
    throw new Error(`response does not match its schema: ${JSON.stringify(parsed.error.issues)}`);
  }
  return parsed.data;
}
