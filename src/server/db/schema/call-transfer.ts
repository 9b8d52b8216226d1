import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Weekday } from '#shared/schemas/call-transfer';

/**
 * Transfer to a person (ADR 045), one row for the practice: where a caller who asks for a person is put
 * through, and when someone answers there (practice wall time). No row or no number: no transfers.
 */
export const callTransferSettings = pgTable(
  'call_transfer_settings',
  {
    id: integer().primaryKey().default(1),
    /** E.164; null turns transfers off. */
    phoneNumber: text(),
    days: text().array().$type<Weekday[]>().notNull(),
    /** 'HH:MM' */
    startTime: text().notNull(),
    endTime: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('call_transfer_settings_single_row', sql`${table.id} = 1`)],
);
