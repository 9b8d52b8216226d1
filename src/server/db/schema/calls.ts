import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  CALL_COST_MAX,
  CALL_SECONDS_MAX,
  type StoredCallAnalysis,
  type CallMessage,
  type CostBreakdown,
} from '#shared/schemas/calls';
import { FOLD_FROM, FOLD_TO } from '#shared/search-fold';
import { practiceId } from './practices';
import { assistants, phoneNumbers } from './voice';

/**
 * Calls as the voice platform reports them, keyed by its call id (`provider_id`). The list is read newest
 * first by keyset (created_at desc, id desc); every filter has an index ending in that order (ADR 028).
 */
export const calls = pgTable(
  'calls',
  {
    id: uuid().primaryKey().defaultRandom(),
    practiceId: practiceId(),
    providerId: text(),
    status: text().notNull(),
    type: text().notNull(),
    startedAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    durationSeconds: doublePrecision(),
    endedReason: text(),
    cost: doublePrecision(),
    costBreakdown: jsonb().$type<CostBreakdown>(),
    customerName: text(),
    /** E.164 when it parses as a phone number, otherwise as the platform sent it. */
    customerNumber: text(),
    /** The name folded for search: lower case, accents removed (same table as `foldForSearch`). */
    customerNameFolded: text().generatedAlwaysAs(
      sql.raw(`translate(lower(coalesce(customer_name, '')), '${FOLD_FROM}', '${FOLD_TO}')`),
    ),
    phoneNumberId: uuid().references(() => phoneNumbers.id, { onDelete: 'set null' }),
    /** The number called (or calling out), as the platform reported it; for numbers we do not hold. */
    calledNumber: text(),
    assistantId: uuid().references(() => assistants.id, { onDelete: 'set null' }),
    transcript: text(),
    summary: text(),
    recordingUrl: text(),
    stereoRecordingUrl: text(),
    pcapUrl: text(),
    messages: jsonb().$type<CallMessage[]>(),
    analysis: jsonb().$type<StoredCallAnalysis>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Per reported column, the precedence of the message its value came from (ADR 039): a message of lower
     * precedence never replaces it, whatever order the platform's messages arrive in. Null on rows written
     * before (or beside) the ingest: their status's precedence stands for every column.
     */
    fieldPrecedence: jsonb().$type<Record<string, number>>(),
  },
  (table) => [
    // Plausible values only (ADR 039): the stats sum them, and NaN or 1e308 would break that sum for everyone.
    check(
      'calls_duration_plausible',
      sql`${table.durationSeconds} >= 0 and ${table.durationSeconds} <= ${sql.raw(String(CALL_SECONDS_MAX))}`,
    ),
    check(
      'calls_cost_plausible',
      sql`${table.cost} >= 0 and ${table.cost} <= ${sql.raw(String(CALL_COST_MAX))}`,
    ),
    uniqueIndex('calls_provider_id_idx').on(table.providerId),
    // Migration 0010 adds INCLUDE (customer_name_folded) for name search (ADR 037); drizzle cannot declare it.
    index('calls_created_idx').on(
      table.practiceId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('calls_status_created_idx').on(
      table.practiceId,
      table.status,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('calls_customer_number_created_idx').on(
      table.practiceId,
      table.customerNumber,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // "The last 4 digits" of a caller's number: reversed, an ending is a prefix, which a B-tree serves as a range.
    index('calls_customer_number_reversed_idx').using(
      'btree',
      table.practiceId,
      sql`reverse(${table.customerNumber}) text_pattern_ops`,
    ),
    // A full name as staff type it (ADR 060): a range of the folded name, read from the index alone.
    index('calls_customer_name_prefix_idx').using(
      'btree',
      table.practiceId,
      sql`${table.customerNameFolded} text_pattern_ops`,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('calls_phone_number_created_idx').on(
      table.practiceId,
      table.phoneNumberId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('calls_assistant_created_idx').on(
      table.practiceId,
      table.assistantId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);
