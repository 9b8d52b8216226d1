import { CONNECTOR_NOT_FOUND, type PmsError } from './integrations/practice-management/errors';
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
export const unauthorized = (message = 'Please sign in to continue.') =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have permission to do that.') =>
  new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
/** A request replayed under an idempotency key that was used for a different one. */
export const idempotencyKeyReused = (message: string) => new AppError(422, 'idempotency_key_reused', message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', message, undefined, { 'retry-after': String(retryAfterSeconds) });

/** What a practice-system failure means to our callers; vendor response text is not passed on. */
export function fromPmsError(error: PmsError): AppError {
  switch (error.code) {
    case 'bad_request':
      return badRequest(error.message);
    case 'not_found':
      return notFound(error.message);
    case 'conflict':
      return conflict(error.message);
    case 'connector_not_found':
      return new AppError(
        502,
        'unavailable',
        `The practice system could not be reached: ${CONNECTOR_NOT_FOUND}.`,
      );
    case 'unauthorized':
      return new AppError(502, 'unavailable', 'The practice system refused our credentials.');
    case 'unavailable':
      return new AppError(503, 'unavailable', 'The practice system is not responding. Please try again.');
  }
}
