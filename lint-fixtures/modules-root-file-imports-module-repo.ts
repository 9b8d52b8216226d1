// lint-as: src/server/modules/fixture.ts
// expect: import-x/no-restricted-paths
import { createAssistantsRepo } from './assistants/assistants.repo';
export const create = createAssistantsRepo;
