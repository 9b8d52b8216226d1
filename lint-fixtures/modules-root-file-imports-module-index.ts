// lint-as: src/server/modules/fixture.ts
// expect: none
import { createAssistantsModule } from './assistants/index';
import type { AssistantsService } from './assistants/assistants.service';
import { visibleCalls } from './scope';
export const create = createAssistantsModule;
export type Service = AssistantsService;
export const scope = visibleCalls;
