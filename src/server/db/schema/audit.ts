import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { practices } from './practices';

/**
 * Append-only (a trigger refuses UPDATE and DELETE). No foreign key to users: an entry outlives its actor.
 * Never holds passwords, session ids or patient data. `practice_id`: the practice the entry is about (null for
 * platform-wide entries: the operator's sign-in, demo requests).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    practiceId: uuid().references(() => practices.id),
    actorUserId: uuid(),
    actorRole: text({ enum: ['admin', 'sub', 'operator'] }),
    action: text().notNull(),
    resourceType: text(),
    resourceId: text(),
    outcome: text({ enum: ['allowed', 'denied', 'failed'] }).notNull(),
    /** The route pattern (never the concrete URL, which could carry search terms). */
    route: text(),
    detail: text(),
    clientAddress: text(),
    userAgent: text(),
    requestId: text(),
  },
  (table) => [
    index('audit_events_at_idx').on(table.practiceId, table.at.desc(), table.id.desc()),
    index('audit_events_actor_at_idx').on(table.actorUserId, table.at.desc()),
  ],
);
