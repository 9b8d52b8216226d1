// lint-as: src/web/features/users/index.ts
// expect: import-x/no-restricted-paths
export { connectorsQueryOptions } from '../linked-accounts/api/get-connectors';
