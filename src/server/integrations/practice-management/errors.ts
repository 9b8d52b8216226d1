import type { ErrorCode } from '#shared/errors';

export type PmsErrorCode =
  | 'not_found'
  | 'conflict'
  /** The patient already holds an appointment overlapping the time (see `PatientBusyError`). */
  | 'patient_busy'
  /** The time asked for is outside the provider's or practice's opening hours (or on a closed day). */
  | 'closed'
  | 'unauthorized'
  | 'bad_request'
  | 'connector_not_found'
  /** The practice system kept refusing for too many requests (HTTP 429), after the retries a call may make. */
  | 'rate_limited'
  /** The practice system (its connector) does not offer this action (HTTP 501): trying again will not help. */
  | 'unsupported'
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

  /** What this failure means to our callers; vendor response text is not passed on. */
  toPublicError(): { status: number; code: ErrorCode; message: string } {
    // Our own checks' messages are passed on; a vendor's text (status set) may quote what was sent.
    const fromVendor = this.status !== undefined;
    switch (this.code) {
      case 'bad_request':
        return {
          status: 400,
          code: 'bad_request',
          message: fromVendor ? 'The practice system could not accept this request.' : this.message,
        };
      case 'not_found':
        return {
          status: 404,
          code: 'not_found',
          message: fromVendor ? 'The practice system has no such record.' : this.message,
        };
      case 'conflict':
        return {
          status: 409,
          code: 'conflict',
          message: fromVendor
            ? 'The practice system refused this change because of a conflict. Please try again.'
            : this.message,
        };
      case 'patient_busy':
        return { status: 409, code: 'conflict', message: this.message };
      case 'closed':
        return { status: 409, code: 'closed', message: 'The practice is closed at that time.' };
      case 'connector_not_found':
        return {
          status: 502,
          code: 'unavailable',
          message: `The practice system could not be reached: ${CONNECTOR_NOT_FOUND}.`,
        };
      case 'unauthorized':
        return { status: 502, code: 'unavailable', message: 'The practice system refused our credentials.' };
      case 'rate_limited':
        return {
          status: 503,
          code: 'rate_limited',
          message: 'The practice system is receiving too many requests right now. Please wait a minute.',
        };
      case 'unsupported':
        return {
          status: 501,
          code: 'bad_request',
          message: 'The practice system does not support this action, so it cannot be done from here.',
        };
      case 'unavailable':
        return {
          status: 503,
          code: 'unavailable',
          message: 'The practice system is not responding. Please try again.',
        };
    }
  }
}

/** The live appointment a patient already holds at an overlapping time. */
export interface ExistingBooking {
  confirmationNumber: string;
  /** Practice-local wall time `YYYY-MM-DDTHH:mm:ss`. */
  wallStart: string;
}

export const patientBusyMessage = ({ confirmationNumber, wallStart }: ExistingBooking) =>
  `This patient already has an appointment on ${wallStart.slice(0, 10)} at ${wallStart.slice(11, 16)} ` +
  `(confirmation number ${confirmationNumber}) that overlaps this time, so no second appointment was booked.`;

/** One person, one place at a time: the booking would overlap one the patient already holds. */
export class PatientBusyError extends PmsError {
  constructor(readonly existing: ExistingBooking) {
    super('patient_busy', patientBusyMessage(existing));
  }
}

export function isPmsError(error: unknown, code?: PmsErrorCode): error is PmsError {
  return error instanceof PmsError && (code === undefined || error.code === code);
}
