import { inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** A WHERE condition for a scope: nothing for "all", false for "none", IN (...) otherwise. */
export function inScope(column: PgColumn, scope: readonly string[] | null): SQL | undefined {
  if (scope === null) return undefined;
  if (scope.length === 0) return sql`false`;
  return inArray(column, [...scope]);
}
