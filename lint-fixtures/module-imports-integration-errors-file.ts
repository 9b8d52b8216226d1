// lint-as: src/server/modules/assistants/fixture.ts
// expect: import-x/no-restricted-paths
import { isVoiceError } from '../../integrations/voice/errors';
export const is = isVoiceError;
