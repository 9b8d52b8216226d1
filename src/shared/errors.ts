import { z } from 'zod';

export const ErrorCodeSchema = z.enum([
  'bad_request',
  'validation_failed',
  'unauthorized',
  /** 401: the session ended after the idle limit, or at its maximum length; the sign-in page says so. */
  'session_idle',
  'session_expired',
  /** 401 at sign-in or on a live session: the operator suspended the user's practice. */
  'practice_suspended',
  'invalid_credentials',
  'forbidden',
  'not_found',
  'conflict',
  /** A booking outside opening hours; the message names the nearest open times. */
  'closed',
  'idempotency_key_reused',
  'payload_too_large',
  'rate_limited',
  'internal_error',
  'unavailable',
  /** 410: an invitation link past its expiry. */
  'invitation_expired',
  /** 502: the mail server did not take the mail. */
  'mail_failed',
  /** A practice was created but its first admin could not be invited: it exists, Invite Admin tries again. */
  'admin_not_invited',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

/** Every non-2xx answer of the API has this shape. */
export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: ErrorCodeSchema,
  requestId: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;
