// expect-tsc: 'assistantOverride' does not exist in type
import type { VapiCallCreate } from '../../src/server/integrations/voice/vapi/vapi-types';

export const body: VapiCallCreate = { assistantId: 'a', assistantOverride: { variableValues: {} } };
