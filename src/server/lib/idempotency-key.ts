import { z } from 'zod';

export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;
export const IDEMPOTENCY_KEY_TOO_LONG = `The Idempotency-Key header is longer than ${MAX_IDEMPOTENCY_KEY_LENGTH} characters.`;

/** The optional `Idempotency-Key` header of a write that must not happen twice (a retry sends the same key). */
export const IdempotencyKeyHeadersSchema = z.object({
  'idempotency-key': z.string().max(MAX_IDEMPOTENCY_KEY_LENGTH, IDEMPOTENCY_KEY_TOO_LONG).optional(),
});
