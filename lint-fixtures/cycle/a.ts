// lint-as: lint-fixtures/cycle/a.ts
// expect: import-x/no-cycle
import { b } from './b';
export const a = () => b;
