// lint-as: src/server/integrations/practice-management/sandbox/fixture.ts
// expect: none
import { connectDatabase } from '../../../db/client';
export const connect = connectDatabase;
