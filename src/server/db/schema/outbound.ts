import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { practiceId } from './practices';
import type { OutboundCallType, OutboundSettings, OutboundStatus } from '#shared/schemas/outbound-calls';

/** The appointment a call is about, as the assistant is told it (practice wall time). */
export interface OutboundAppointment {
  date: string;
  time: string;
  provider: string;
  type: string;
}

/**
 * One outbound call to one patient (ADR 036). `pending` until the dispatcher claims it; it is marked `calling`
 * with its placement key before the voice port is asked, so a crash in between is settled on restart with the
 * same key and never places the call twice.
 */
export const outboundCalls = pgTable(
  'outbound_calls',
  {
    id: uuid().primaryKey().defaultRandom(),
    practiceId: practiceId(),
    patientId: text().notNull(),
    patientName: text().notNull(),
    /** E.164 */
    phoneNumber: text().notNull(),
    callType: text().$type<OutboundCallType>().notNull(),
    status: text().$type<OutboundStatus>().notNull().default('pending'),
    message: text(),
    /** Ours (assistants.id, phone_numbers.id). */
    assistantId: uuid().notNull(),
    phoneNumberId: uuid().notNull(),
    appointment: jsonb().$type<OutboundAppointment>(),
    /**
     * The practice-management system's appointment id, when known. A recall call is about no appointment: it
     * gets the id of the visit booked during the call (issue 24, the link the analytics read).
     */
    appointmentRef: text(),
    /** `campaign:<type>:<appointment>`: a campaign queues each appointment at most once. */
    campaignKey: text(),
    attempts: integer().notNull().default(0),
    notBefore: timestamp({ withTimezone: true }),
    lastError: text(),
    /** Set with status `calling`, before the port is asked; the port places a key at most once. */
    placementKey: text(),
    placedAt: timestamp({ withTimezone: true }),
    /** The voice platform's call id. */
    vapiCallId: text(),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('outbound_calls_created_idx').on(table.practiceId, table.createdAt),
    index('outbound_calls_status_idx').on(table.status, table.notBefore),
    uniqueIndex('outbound_calls_vapi_call_id_idx').on(table.vapiCallId),
    uniqueIndex('outbound_calls_campaign_key_idx').on(table.practiceId, table.campaignKey),
    // One open call per patient and type (issue 19): a second start while one is pending or calling is refused.
    uniqueIndex('outbound_calls_one_open_idx')
      .on(table.practiceId, table.patientId, table.callType)
      .where(sql`${table.status} in ('pending', 'calling')`),
    check(
      'outbound_calls_status_check',
      sql`${table.status} in ('pending', 'calling', 'completed', 'failed')`,
    ),
  ],
);

/** Placements the built-in sandbox voice has made, by placement key: the sandbox places a key once. */
export const sandboxOutboundPlacements = pgTable('sandbox_outbound_placements', {
  placementKey: text().primaryKey(),
  practiceId: practiceId(),
  callId: text().notNull(),
  /** What was asked, so calls cut off by a restart can be finished. */
  request: jsonb()
    .$type<{
      number: string;
      name?: string;
      variables?: Record<string, string>;
      /** The platform ids the call was placed with (absent on placements before issue 24). */
      assistantId?: string;
      phoneNumberId?: string;
    }>()
    .notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A practice's outbound settings: one row per practice; missing parts take the defaults. */
export const outboundSettings = pgTable('outbound_settings', {
  practiceId: practiceId().primaryKey(),
  settings: jsonb().$type<OutboundSettings>().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
