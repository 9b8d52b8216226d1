// expect-tsc: 'numerals' does not exist in type
// Switching to Gladia must not carry Deepgram's keys.
import type { VapiAssistantCreate } from '../../src/server/integrations/voice/vapi/vapi-types';

export const body: VapiAssistantCreate = {
  transcriber: { provider: 'gladia', model: 'fast', language: 'en', numerals: true },
};
