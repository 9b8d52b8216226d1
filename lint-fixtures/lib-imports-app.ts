// lint-as: src/web/lib/fixture.ts
// expect: import-x/no-restricted-paths
import { AppProvider } from '../app/provider';
export const Provider = AppProvider;
