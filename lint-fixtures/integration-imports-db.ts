// lint-as: src/server/integrations/practice-management/kolla/fixture.ts
// expect: import-x/no-restricted-paths
import { connectDatabase } from '../../../db/client';
export const connect = connectDatabase;
