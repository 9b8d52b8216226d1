import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { practiceId } from './practices';

export const connectors = pgTable(
  'connectors',
  {
    id: uuid().primaryKey().defaultRandom(),
    practiceId: practiceId(),
    name: text().notNull(),
    consumerId: text().notNull(),
    connectorId: text().notNull(),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('connectors_practice_idx').on(table.practiceId, table.createdAt)],
);
