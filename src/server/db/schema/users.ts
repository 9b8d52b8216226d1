import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { connectors } from './connectors';
import { practiceId, practices } from './practices';
import { assistants, phoneNumbers } from './voice';

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Null only for the operator (the vendor's staff), who belongs to no practice. */
    practiceId: uuid().references(() => practices.id),
    name: text().notNull(),
    email: text().notNull(),
    username: text().notNull().unique(),
    passwordHash: text().notNull(),
    role: text({ enum: ['admin', 'sub', 'operator'] })
      .notNull()
      .default('sub'),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${table.email})`),
    check('users_role_check', sql`${table.role} in ('admin', 'sub', 'operator')`),
    check('users_practice_check', sql`(${table.role} = 'operator') = (${table.practiceId} is null)`),
    index('users_practice_idx').on(table.practiceId),
  ],
);

export const userPermissions = pgTable('user_permissions', {
  practiceId: practiceId(),
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  canCallLogs: boolean().notNull().default(false),
  canAssistants: boolean().notNull().default(false),
  canWorkflows: boolean().notNull().default(false),
  canBookAppointment: boolean().notNull().default(false),
  canAppointmentCalendar: boolean().notNull().default(false),
  canOutboundCalls: boolean().notNull().default(false),
  canMessages: boolean().notNull().default(false),
  canAnalytics: boolean().notNull().default(false),
});

export const userPhoneNumbers = pgTable(
  'user_phone_numbers',
  {
    practiceId: practiceId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneNumberId: uuid()
      .notNull()
      .references(() => phoneNumbers.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.phoneNumberId] })],
);

export const userConnectors = pgTable(
  'user_connectors',
  {
    practiceId: practiceId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    connectorId: uuid()
      .notNull()
      .references(() => connectors.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.connectorId] })],
);

export const userAssistants = pgTable(
  'user_assistants',
  {
    practiceId: practiceId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assistantId: uuid()
      .notNull()
      .references(() => assistants.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.assistantId] })],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha-256 of the session id; the id itself is never stored. */
    idHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    email: text().notNull(),
    clientAddress: text().notNull(),
    succeeded: boolean().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('login_attempts_email_idx').on(table.email, table.createdAt),
    index('login_attempts_address_idx').on(table.clientAddress, table.createdAt),
  ],
);
