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
}

export const isVoiceError = (error: unknown): error is VoiceError => error instanceof VoiceError;
