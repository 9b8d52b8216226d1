// lint-as: src/server/modules/users/fixture.ts
// expect: import-x/no-restricted-paths
import { cn } from '../../../web/lib/cn';
export const classes = cn('a');
