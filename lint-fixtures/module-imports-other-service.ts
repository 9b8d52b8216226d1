// lint-as: src/server/modules/users/fixture.ts
// expect: none
import { createConnectorsService } from '../connectors/connectors.service';
export const create = createConnectorsService;
