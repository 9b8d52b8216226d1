// expect-tsc: 'silenceTimeoutSeconds' does not exist in type
import type { VapiAssistantCreate } from '../../src/server/integrations/voice/vapi/vapi-types';

export const body: VapiAssistantCreate = { name: 'Front Desk', silenceTimeoutSeconds: 30 };
