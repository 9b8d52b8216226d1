import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { practiceId } from './practices';
import { users } from './users';
import { calls } from './calls';
import { phoneNumbers } from './voice';

/** What the Appointment Processor made of an ended call: one row per call, written when it is processed. */
export const callProcessing = pgTable(
  'call_processing',
  {
    callId: uuid()
      .primaryKey()
      .references(() => calls.id, { onDelete: 'cascade' }),
    practiceId: practiceId(),
    state: text({ enum: ['booked', 'nothing_to_book', 'needs_callback'] }).notNull(),
    confirmationNumber: text(),
    /** Why nothing was booked, in words staff read (no patient data). */
    reason: text(),
    appointmentType: text(),
    date: text(),
    time: text(),
    processedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('call_processing_state_idx').on(table.practiceId, table.state)],
);

/**
 * A caller who asked for something and was not booked: a person calls them back. One task per call (the
 * unique call id), however many times the call is seen.
 */
export const callbacks = pgTable(
  'callbacks',
  {
    id: uuid().primaryKey().defaultRandom(),
    practiceId: practiceId(),
    /** The call the task comes from; null for a task from a text (a reply R). */
    callId: uuid()
      .unique()
      .references(() => calls.id, { onDelete: 'cascade' }),
    /**
     * The voice platform's id of the call, for a task opened by a tool call during the call: the call may not be
     * stored yet, and is linked (`callId`) when its report arrives.
     */
    providerCallId: text(),
    /** The text conversation the task comes from (messaging's conversations.id), when it came from a text. */
    conversationId: uuid(),
    /**
     * For a task from a text: our number the patient texted (phone_numbers.id, the conversation's number), so a
     * sub user assigned that number sees the task as they see the conversation in Messages.
     */
    phoneNumberId: uuid().references(() => phoneNumbers.id, { onDelete: 'set null' }),
    callerName: text(),
    callerNumber: text(),
    appointmentType: text(),
    preferredDate: text(),
    preferredTime: text(),
    /** The next hour the practice is open after the call ended. */
    dueAt: timestamp({ withTimezone: true }).notNull(),
    status: text({ enum: ['open', 'done'] })
      .notNull()
      .default('open'),
    takenBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('callbacks_status_due_idx').on(table.practiceId, table.status, table.dueAt),
    uniqueIndex('callbacks_provider_call_id_idx').on(table.practiceId, table.providerCallId),
  ],
);
