import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { practiceId } from './practices';

/**
 * The outbox of the domain events (src/server/events.ts, ADR 051): one row per event and durable subscriber,
 * written in the same transaction as the change the event tells of, deleted once the subscriber has handled
 * it. A row left behind by a crash is delivered by the next drain (at start, every minute, or by any instance).
 */
export const eventDeliveries = pgTable(
  'event_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    practiceId: practiceId(),
    /** The event's type, e.g. `appointment.booked`. */
    event: text().notNull(),
    /** The durable subscriber's name, unique per event type. */
    subscriber: text().notNull(),
    payload: jsonb().notNull(),
    /** Tries so far; a row that reached the limit stays for a person to look at, undelivered. */
    attempts: integer().notNull().default(0),
    /** Not before: a claimed row is leased until then, a failed one waits for its next try. */
    availableAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The last failure's error name (never its message: it may quote patient data). */
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('event_deliveries_practice_available_idx').on(table.practiceId, table.availableAt)],
);
