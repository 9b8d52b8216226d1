// lint-as: src/server/jobs/fixture.ts
// expect: none
import { createOutboundCallsModule } from '../modules/outbound-calls/index';
export const create = createOutboundCallsModule;
