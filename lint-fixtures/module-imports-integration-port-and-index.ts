// lint-as: src/server/modules/schedule/fixture.ts
// expect: none
import type { PracticeManagement } from '../../integrations/practice-management/port';
import { isPmsError } from '../../integrations/practice-management/index';
import { isVoiceError } from '../../integrations/voice/index';
import type { Integrations } from '../../integrations/index';
export type Pms = PracticeManagement;
export type All = Integrations;
export const checks = [isPmsError, isVoiceError];
