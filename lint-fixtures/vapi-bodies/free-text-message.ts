// expect-tsc: '"everything"' is not assignable
import type { VapiAssistantCreate } from '../../src/server/integrations/voice/vapi/vapi-types';

export const body: VapiAssistantCreate = { serverMessages: ['end-of-call-report', 'everything'] };
