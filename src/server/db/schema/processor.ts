import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { calls } from './voice';

/** What the Appointment Processor made of an ended call: one row per call, written when it is processed. */
export const callProcessing = pgTable(
  'call_processing',
  {
    callId: uuid()
      .primaryKey()
      .references(() => calls.id, { onDelete: 'cascade' }),
    state: text({ enum: ['booked', 'nothing_to_book', 'needs_callback'] }).notNull(),
    confirmationNumber: text(),
    /** Why nothing was booked, in words staff read (no patient data). */
    reason: text(),
    appointmentType: text(),
    date: text(),
    time: text(),
    processedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('call_processing_state_idx').on(table.state)],
);
