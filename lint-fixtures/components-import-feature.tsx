// lint-as: src/web/components/fixture.tsx
// expect: import-x/no-restricted-paths
import { connectorsQueryOptions } from '../features/linked-accounts/api/get-connectors';
export const options = connectorsQueryOptions;
