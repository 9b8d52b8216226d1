// lint-as: src/server/modules/processor/fixture.ts
// expect: import-x/no-restricted-paths
import { readCallReport } from '../calls/call-report';
export const read = readCallReport;
