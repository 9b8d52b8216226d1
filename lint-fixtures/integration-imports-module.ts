// lint-as: src/server/integrations/practice-management/kolla/fixture.ts
// expect: import-x/no-restricted-paths
import { createUsersService } from '../../../modules/users/users.service';
export const create = createUsersService;
