import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PRACTICE_STATUSES, PRACTICE_TYPES } from '#shared/schemas/practices';

export const DEFAULT_TIME_ZONE = 'America/New_York';

/**
 * The tenants (issue 22). Every practice-owned table carries `practice_id`; the global tables are listed in
 * `practice-scope.db.test.ts`. A suspended practice's users cannot sign in, its numbers are not in service
 * and its jobs wait.
 */
export const practices = pgTable(
  'practices',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    practiceType: text({ enum: PRACTICE_TYPES }).notNull(),
    /** IANA zone: the practice's wall time for hours, slots and calling windows. */
    timeZone: text().notNull().default(DEFAULT_TIME_ZONE),
    status: text({ enum: PRACTICE_STATUSES }).notNull().default('active'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'practices_type_check',
      sql`${table.practiceType} in ('dental-practices', 'medical-clinics', 'veterinary-clinics', 'spas-wellness')`,
    ),
    check('practices_status_check', sql`${table.status} in ('active', 'suspended')`),
  ],
);

/**
 * The owning practice of a row: not null, a foreign key, the first column of the table's main indexes. No
 * default: an insert that names no practice fails instead of landing in one.
 */
export const practiceId = () =>
  uuid()
    .notNull()
    .references(() => practices.id);
