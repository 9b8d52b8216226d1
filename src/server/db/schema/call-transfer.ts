import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { practiceId } from './practices';
import type { Weekday } from '#shared/schemas/call-transfer';

/**
 * Transfer to a person (ADR 045), one row per practice: where a caller who asks for a person is put
 * through, and when someone answers there (practice wall time). No row or no number: no transfers.
 */
export const callTransferSettings = pgTable('call_transfer_settings', {
  practiceId: practiceId().primaryKey(),
  /** E.164; null turns transfers off. */
  phoneNumber: text(),
  days: text().array().$type<Weekday[]>().notNull(),
  /** 'HH:MM' */
  startTime: text().notNull(),
  endTime: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
