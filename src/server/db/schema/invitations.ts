import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Permissions } from '#shared/permissions';
import { practices } from './practices';
import { users } from './users';

/**
 * A link that lets one person become a user of one practice. Only the sha-256 of the link's token is stored;
 * `accepted_at` makes it single use.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    practiceId: uuid()
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    name: text().notNull(),
    role: text({ enum: ['admin', 'sub'] }).notNull(),
    permissions: jsonb().$type<Permissions>().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    /** Null when the operator invited a new practice's first admin. */
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('invitations_token_hash_idx').on(table.tokenHash),
    index('invitations_practice_idx').on(table.practiceId, table.createdAt.desc()),
    check('invitations_role_check', sql`${table.role} in ('admin', 'sub')`),
  ],
);
