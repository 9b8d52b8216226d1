import { AppError } from '../../errors';
import { isVoiceError } from '../../integrations/voice/index';

/**
 * A voice-platform failure as our API answers it. The platform's own words are kept (the console shows them
 * in the failure toast); they describe our request, never a patient.
 */
export function fromVoiceError(error: unknown): unknown {
  if (!isVoiceError(error)) return error;
  const said = `The voice platform said: ${error.message}`;
  switch (error.code) {
    case 'bad_request':
      return new AppError(400, 'bad_request', said);
    case 'not_found':
      return new AppError(404, 'not_found', said);
    case 'conflict':
      return new AppError(409, 'conflict', said);
    case 'unauthorized':
      return new AppError(502, 'unavailable', 'The voice platform refused our API key (VAPI_API_KEY).');
    case 'rate_limited':
      return new AppError(503, 'unavailable', 'The voice platform is busy. Please try again in a moment.');
    case 'unavailable':
      return new AppError(503, 'unavailable', `The voice platform is not responding. ${error.message}`);
  }
}

/** Runs a platform call and rethrows its failure as an API error. */
export async function onPlatform<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw fromVoiceError(error);
  }
}

/** A delete of something the platform no longer has is done. */
export async function deleteOnPlatform(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (isVoiceError(error) && error.code === 'not_found') return;
    throw fromVoiceError(error);
  }
}
