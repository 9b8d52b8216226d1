// lint-as: src/server/plugins/fixture.ts
// expect: import-x/no-restricted-paths
import { createUsersService } from '../modules/users/users.service';
export const create = createUsersService;
