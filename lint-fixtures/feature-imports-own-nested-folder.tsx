// lint-as: src/web/features/book-appointment/components/nested/fixture.tsx
// expect: none
import { readOutbox } from '../../lib/outbox';
export const entries = readOutbox;
