// lint-as: src/web/features/overview/components/fixture.tsx
// expect: none
import { assistantsQueryOptions } from '../../assistants';
export const options = assistantsQueryOptions;
