// expect-tsc: Property 'serverUrl' does not exist on type 'CreateAssistantDto'
// The mapper's output is the SDK's request type, so a key Vapi dropped cannot be read or written through it.
import { toVapiAssistant } from '../../src/server/integrations/voice/vapi/mapper';

export const legacy = toVapiAssistant(
  { name: 'Front Desk' },
  { url: 'https://practice.example/webhook' },
).serverUrl;
