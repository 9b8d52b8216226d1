// expect-tsc: 'function' does not exist in type
// Vapi's query (knowledge-base) tool has no function name.
import type { VapiAssistantCreate } from '../../src/server/integrations/voice/vapi/vapi-types';

export const body: VapiAssistantCreate = {
  model: {
    provider: 'openai',
    model: 'gpt-4o',
    tools: [{ type: 'query', function: { name: 'practice_knowledge' } }],
  },
};
