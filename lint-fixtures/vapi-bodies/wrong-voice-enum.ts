// expect-tsc: '"Elliot"' is not assignable
// Elliot is a Vapi voice, not a Deepgram one.
import type { VapiAssistantCreate } from '../../src/server/integrations/voice/vapi/vapi-types';

export const body: VapiAssistantCreate = { voice: { provider: 'deepgram', voiceId: 'Elliot' } };
