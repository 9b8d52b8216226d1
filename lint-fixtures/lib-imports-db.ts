// lint-as: src/server/lib/fixture.ts
// expect: import-x/no-restricted-paths
import { calls } from '../db/schema/index';
export const table = calls;
