import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { practiceId } from './practices';
import { appointmentTypes } from './schedule';

/**
 * What a visit of one appointment type is worth to the practice, as the practice estimates it (issue 25):
 * the estimated value of the visits the receptionist booked. Optional; in cents.
 */
export const appointmentTypeValues = pgTable(
  'appointment_type_values',
  {
    practiceId: practiceId(),
    appointmentType: text()
      .notNull()
      .references(() => appointmentTypes.code, { onDelete: 'cascade' }),
    valueCents: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.practiceId, table.appointmentType] }),
    check('appointment_type_values_range', sql`${table.valueCents} between 0 and 10000000`),
  ],
);
