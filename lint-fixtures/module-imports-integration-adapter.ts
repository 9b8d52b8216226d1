// lint-as: src/server/modules/schedule/fixture.ts
// expect: import-x/no-restricted-paths
import { createKollaAdapter } from '../../integrations/practice-management/kolla/kolla-adapter';
export const create = createKollaAdapter;
