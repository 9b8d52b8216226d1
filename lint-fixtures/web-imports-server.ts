// lint-as: src/web/lib/fixture.ts
// expect: import-x/no-restricted-paths
import { DEFAULT_PUBLIC_BASE_URL } from '../../server/env';
export const origin = DEFAULT_PUBLIC_BASE_URL;
