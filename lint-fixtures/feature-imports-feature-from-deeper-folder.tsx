// lint-as: src/web/features/users/components/nested/fixture.tsx
// expect: import-x/no-restricted-paths
import { connectorsQueryOptions } from '../../../linked-accounts/api/get-connectors';
export const options = connectorsQueryOptions;
