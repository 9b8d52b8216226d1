// lint-as: src/server/jobs/fixture.ts
// expect: import-x/no-restricted-paths
import { createDispatcher } from '../modules/outbound-calls/dispatcher';
export const create = createDispatcher;
