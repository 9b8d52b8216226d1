// expect-tsc: 'smsEnabled' does not exist in type
// smsEnabled belongs to Twilio numbers only.
import type { VapiPhoneNumberUpdate } from '../../src/server/integrations/voice/vapi/vapi-types';

export const body: VapiPhoneNumberUpdate = { provider: 'vapi', smsEnabled: true };
