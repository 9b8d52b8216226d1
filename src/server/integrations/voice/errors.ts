import type { ErrorCode } from '#shared/errors';

/** A voice-platform failure, with the platform's own words where it gave any. */
export type VoiceErrorCode =
  'bad_request' | 'unauthorized' | 'not_found' | 'conflict' | 'rate_limited' | 'unavailable';

export class VoiceError extends Error {
  readonly status?: number;
  constructor(
    readonly code: VoiceErrorCode,
    message: string,
    options: { status?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'VoiceError';
    this.status = options.status;
  }

  /**
   * What this failure means to our callers. The platform's own words are kept (the console shows them in the
   * failure toast); they describe our request, never a patient.
   */
  toPublicError(): { status: number; code: ErrorCode; message: string } {
    const said = `The voice platform said: ${this.message}`;
    switch (this.code) {
      case 'bad_request':
        return { status: 400, code: 'bad_request', message: said };
      case 'not_found':
        return { status: 404, code: 'not_found', message: said };
      case 'conflict':
        return { status: 409, code: 'conflict', message: said };
      case 'unauthorized':
        return {
          status: 502,
          code: 'unavailable',
          message: 'The voice platform refused our API key (VAPI_API_KEY).',
        };
      case 'rate_limited':
        return {
          status: 503,
          code: 'unavailable',
          message: 'The voice platform is busy. Please try again in a moment.',
        };
      case 'unavailable':
        return {
          status: 503,
          code: 'unavailable',
          message: `The voice platform is not responding. ${this.message}`,
        };
    }
  }
}

export const isVoiceError = (error: unknown): error is VoiceError => error instanceof VoiceError;

/** A delete of something the platform no longer has is done. */
export async function deleteUnlessGone(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (!(isVoiceError(error) && error.code === 'not_found')) throw error;
  }
}
