import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const connectors = pgTable('connectors', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  consumerId: text().notNull(),
  connectorId: text().notNull(),
  isActive: boolean().notNull().default(true),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
