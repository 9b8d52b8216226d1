// lint-as: src/web/lib/fixture.ts
// expect: import-x/no-restricted-paths
import { readOutbox } from '../features/book-appointment/lib/outbox';
export const entries = readOutbox;
