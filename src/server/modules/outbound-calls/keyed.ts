import { IdempotencyKeyBusyError, IdempotencyKeyReusedError } from '../../db/idempotency';
import { conflict, idempotencyKeyReused } from '../../errors';

/** Work under an Idempotency-Key (stored per user): a used key's problems as 422 and 409. */
export async function keyed<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof IdempotencyKeyReusedError) throw idempotencyKeyReused(error.message);
    if (error instanceof IdempotencyKeyBusyError) throw conflict(error.message);
    throw error;
  }
}
