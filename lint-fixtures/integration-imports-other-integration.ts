// lint-as: src/server/integrations/voice/fixture.ts
// expect: import-x/no-restricted-paths
import { mergeSlots } from '../practice-management/slots';
export const merge = mergeSlots;
