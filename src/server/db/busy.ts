import { AppError } from '../errors';
import { pgErrorCode } from './pg-errors';

/**
 * The database could not serve a request in time (ADR 038): no pooled connection came free within the
 * acquire timeout, or PostgreSQL cancelled a statement at the statement (or lock) timeout. The rest of the
 * server goes on, so the caller is told to try again rather than given a 500.
 */
export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

const QUERY_CANCELED = '57014';
const LOCK_NOT_AVAILABLE = '55P03';
/** pg-pool's words for a connection that did not come free, or could not be opened, in time. */
const POOL_TIMEOUT =
  /^timeout exceeded when trying to connect$|^Connection terminated due to connection timeout$/;

function poolTimedOut(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) if (POOL_TIMEOUT.test(e.message)) return true;
  return false;
}

/** A 503 for an error that means "busy", else undefined. */
export function asDatabaseBusy(error: unknown): AppError | undefined {
  const code = pgErrorCode(error);
  if (code === QUERY_CANCELED || code === LOCK_NOT_AVAILABLE || poolTimedOut(error)) {
    return new AppError(503, 'unavailable', BUSY_MESSAGE, undefined, { 'retry-after': '1' });
  }
  return undefined;
}
