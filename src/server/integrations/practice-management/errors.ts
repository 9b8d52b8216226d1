export type PmsErrorCode =
  | 'not_found'
  | 'conflict'
  /** The time asked for is outside the provider's or practice's opening hours (or on a closed day). */
  | 'closed'
  | 'unauthorized'
  | 'bad_request'
  | 'connector_not_found'
  | 'unavailable';

/** Callers (and the booking screen) look for this phrase to fall back to "request received". */
export const CONNECTOR_NOT_FOUND = 'connector target not found';

export class PmsError extends Error {
  override readonly name = 'PmsError';
  /** HTTP status from the vendor, when there was a response. */
  readonly status: number | undefined;

  constructor(
    readonly code: PmsErrorCode,
    message: string,
    options: { status?: number; cause?: unknown } = {},
  ) {
    super(message, 'cause' in options ? { cause: options.cause } : undefined);
    this.status = options.status;
  }
}

export function isPmsError(error: unknown, code?: PmsErrorCode): error is PmsError {
  return error instanceof PmsError && (code === undefined || error.code === code);
}
