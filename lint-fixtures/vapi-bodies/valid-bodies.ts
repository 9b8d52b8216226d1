// expect-tsc: none
// The control: correct bodies compile, so each error below comes from its own mistake.
import type {
  VapiAssistantCreate,
  VapiCallCreate,
  VapiPhoneNumberUpdate,
} from '../../src/server/integrations/voice/vapi/vapi-types';

export const assistant: VapiAssistantCreate = {
  name: 'Front Desk',
  voice: { provider: 'deepgram', voiceId: 'asteria' },
  transcriber: { provider: 'gladia', model: 'fast', language: 'en' },
  model: {
    provider: 'openai',
    model: 'gpt-4o',
    tools: [
      {
        type: 'query',
        knowledgeBases: [{ provider: 'google', name: 'kb', description: 'd', fileIds: ['f'] }],
      },
    ],
  },
  clientMessages: ['transcript'],
};
export const call: VapiCallCreate = {
  assistantId: 'a',
  phoneNumberId: 'p',
  customer: { number: '+12125550100' },
};
export const number: VapiPhoneNumberUpdate = { provider: 'twilio', smsEnabled: false, assistantId: null };
