import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the built-in mail sandbox "sent" (no SMTP_URL): global, for the operator's view; the last 500 are kept.
 * Holds invitation links, so only the operator reads it.
 */
export const sandboxMails = pgTable(
  'sandbox_mails',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_mails_sent_at_idx').on(table.sentAt.desc(), table.id.desc())],
);
