import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Intent, MessageKind, MessageStatus, MessagingTemplates } from '#shared/schemas/messaging';
import { practiceId } from './practices';

/** A practice's messaging settings: one row per practice; missing parts take the defaults. */
export const messagingSettings = pgTable('messaging_settings', {
  practiceId: practiceId().primaryKey(),
  /** E.164, one of the practice's numbers (phone_numbers.number). */
  senderNumber: text(),
  templates: jsonb().$type<Partial<MessagingTemplates>>().notNull().default({}),
  bookingConfirmation: boolean().notNull().default(true),
  callOnReschedule: boolean().notNull().default(false),
  /** Throughput: the sender may take its next text at this instant (one segment per second per number). */
  nextSendAt: timestamp({ withTimezone: true }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** What a reply N is waiting for: a second N cancels this appointment. */
export interface AwaitingCancel {
  appointmentRef: string;
  date: string;
  time: string;
  /** ISO instant after which a second N no longer cancels. */
  until: string;
}

/** One thread per practice and patient number. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid().primaryKey().defaultRandom(),
    practiceId: practiceId(),
    /** The patient's number, E.164. */
    phoneNumber: text().notNull(),
    /** Our number the thread runs on (phone_numbers.id), for sub users' scope. */
    phoneNumberId: uuid(),
    /** The practice system's patient, when known. */
    patientId: text(),
    patientName: text(),
    unread: integer().notNull().default(0),
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastMessage: text(),
    awaitingCancel: jsonb().$type<AwaitingCancel>(),
    suggestedIntent: text().$type<Intent>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('conversations_number_idx').on(table.practiceId, table.phoneNumber),
    index('conversations_last_idx').on(table.practiceId, table.lastMessageAt.desc()),
  ],
);

/** The appointment a text is about, in the practice's wall time. */
export interface MessageAppointment {
  date: string;
  time: string;
}

/**
 * Every text in and out. An outbound text is stored `pending` with its idempotency key before the vendor is
 * asked; the sender claims it (`sending`, `claimed_at`), asks the port with the same key, and stores the
 * vendor's id and status. Statuses only move forward (`advanceStatus`).
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    practiceId: practiceId(),
    conversationId: uuid()
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    direction: text().$type<'inbound' | 'outbound'>().notNull(),
    kind: text().$type<MessageKind | 'reply'>().notNull(),
    body: text().notNull(),
    status: text().$type<MessageStatus>().notNull(),
    /** E.164 */
    fromNumber: text().notNull(),
    toNumber: text().notNull(),
    segments: integer().notNull().default(1),
    /** Unique per practice: `campaign:<kind>:<appointment>`, `booking:<appointment>`, a request's key. */
    idempotencyKey: text(),
    /** The vendor's id (Twilio's message sid). */
    providerId: text(),
    appointmentRef: text(),
    appointment: jsonb().$type<MessageAppointment>(),
    errorCode: integer(),
    attempts: integer().notNull().default(0),
    notBefore: timestamp({ withTimezone: true }),
    claimedAt: timestamp({ withTimezone: true }),
    sentBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('messages_conversation_idx').on(table.practiceId, table.conversationId, table.createdAt),
    uniqueIndex('messages_idempotency_idx').on(table.practiceId, table.idempotencyKey),
    uniqueIndex('messages_provider_idx').on(table.providerId),
    index('messages_outbox_idx')
      .on(table.practiceId, table.createdAt)
      .where(sql`${table.status} in ('pending', 'sending')`),
    index('messages_recipient_idx').on(table.practiceId, table.toNumber, table.createdAt),
    check('messages_direction_check', sql`${table.direction} in ('inbound', 'outbound')`),
  ],
);

/**
 * The opt-out ledger: who replied STOP (or another opt-out word) to which practice, when, in which message.
 * While a row exists nothing is sent to that number by that practice; START or UNSTOP removes it.
 */
export const optOuts = pgTable(
  'opt_outs',
  {
    practiceId: practiceId(),
    phoneNumber: text().notNull(),
    keyword: text().notNull(),
    messageId: uuid(),
    optedOutAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.practiceId, table.phoneNumber] })],
);

/** What the built-in sandbox "sent", by idempotency key: the sandbox sends a key once, across restarts. */
export const sandboxTexts = pgTable('sandbox_texts', {
  idempotencyKey: text().primaryKey(),
  practiceId: practiceId(),
  providerId: text().notNull().unique(),
  fromNumber: text().notNull(),
  toNumber: text().notNull(),
  body: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
