import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { practiceId } from './practices';
import type { WorkflowEdge, WorkflowNode } from '#shared/schemas/workflows';

export const assistants = pgTable(
  'assistants',
  {
    id: uuid().primaryKey().defaultRandom(),
    practiceId: practiceId(),
    providerId: text(),
    name: varchar({ length: 40 }).notNull(),
    firstMessage: text().notNull().default(''),
    firstMessageMode: text().notNull().default('assistant-speaks-first'),
    voicemailMessage: varchar({ length: 1000 }).notNull().default(''),
    endCallMessage: varchar({ length: 1000 }).notNull().default(''),
    maxDurationSeconds: integer().notNull().default(600),
    backgroundSound: text().notNull().default('off'),
    voice: jsonb().$type<{ provider: string; voiceId: string }>().notNull(),
    model: jsonb()
      .$type<{
        provider: string;
        model: string;
        temperature: number;
        messages: { role: string; content: string }[];
      }>()
      .notNull(),
    transcriber: jsonb().$type<{ provider: string; model: string; language: string }>().notNull(),
    startSpeakingPlan: jsonb()
      .$type<{
        waitSeconds: number;
        transcriptionEndpointingPlan: {
          onPunctuationSeconds: number;
          onNoPunctuationSeconds: number;
          onNumberSeconds: number;
        };
      }>()
      .notNull(),
    stopSpeakingPlan: jsonb()
      .$type<{ numWords: number; voiceSeconds: number; backoffSeconds: number }>()
      .notNull(),
    clientMessages: jsonb().$type<string[]>().notNull(),
    serverMessages: jsonb().$type<string[]>().notNull(),
    /** The voice platform's id of the uploaded knowledge-base file (null in the sandbox). */
    knowledgeBaseFileId: text(),
    knowledgeBaseFileName: text(),
    /** Its size in bytes; null for files uploaded before the size was kept. */
    knowledgeBaseFileBytes: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('assistants_practice_idx').on(table.practiceId, table.createdAt)],
);

export const workflows = pgTable(
  'workflows',
  {
    id: uuid().primaryKey().defaultRandom(),
    practiceId: practiceId(),
    name: text().notNull(),
    nodes: jsonb()
      .$type<WorkflowNode[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    edges: jsonb()
      .$type<WorkflowEdge[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('workflows_practice_idx').on(table.practiceId, table.createdAt)],
);

/** `number` stays globally unique: it routes a call to one practice. */
export const phoneNumbers = pgTable(
  'phone_numbers',
  {
    id: uuid().primaryKey().defaultRandom(),
    practiceId: practiceId(),
    providerId: text(),
    name: text(),
    number: text().unique(),
    assistantId: uuid().references(() => assistants.id, { onDelete: 'set null' }),
    monthlyCost: doublePrecision().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('phone_numbers_practice_idx').on(table.practiceId, table.createdAt)],
);
