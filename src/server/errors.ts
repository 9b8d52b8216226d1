import type { ErrorCode } from '#shared/errors';

/** A domain error the API answers with its status and message; anything else is a hidden 500. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, fields ? 'validation_failed' : 'bad_request', message, fields);
export const unauthorized = (
  message = 'Please sign in to continue.',
  code: 'unauthorized' | 'session_idle' | 'session_expired' | 'practice_suspended' = 'unauthorized',
) => new AppError(401, code, message);
export const forbidden = (message = 'You do not have permission to do that.') =>
  new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
/** A request replayed under an idempotency key that was used for a different one. */
export const idempotencyKeyReused = (message: string) => new AppError(422, 'idempotency_key_reused', message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', message, undefined, { 'retry-after': String(retryAfterSeconds) });

/** What a failure from outside (an integration's own error) means to our callers, in the shared codes. */
export interface PublicError {
  status: number;
  code: ErrorCode;
  message: string;
}

/** An error that maps itself to a `PublicError`; each integration's errors do, so this file knows none. */
export interface MapsToPublicError {
  toPublicError(): PublicError;
}

/** The AppError to answer with, or undefined for an unexpected error (a hidden 500). */
export function asAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  const mapper = (error as Partial<MapsToPublicError> | null)?.toPublicError;
  if (typeof mapper !== 'function') return undefined;
  const { status, code, message } = mapper.call(error);
  return new AppError(status, code, message);
}
