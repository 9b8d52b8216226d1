// lint-as: src/server/modules/users/fixture.ts
// expect: import-x/no-restricted-paths
import { createConnectorsRepo } from '../connectors/connectors.repo';
export const create = createConnectorsRepo;
