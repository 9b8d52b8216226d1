import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Role } from '#shared/permissions';
import type { AuditOutcome } from '#shared/schemas/audit';
import type { Db } from '../../db/client';
import { auditEvents, users } from '../../db/schema/index';

export interface NewAuditEvent {
  at: Date;
  actorUserId: string | null;
  actorRole: Role | null;
  practiceId: string | null;
  action: string;
  resourceType: string | null;
  resourceId: string | null;
  outcome: AuditOutcome;
  route: string | null;
  detail: string | null;
  clientAddress: string | null;
  userAgent: string | null;
  requestId: string | null;
}

export interface AuditQuery {
  userId?: string;
  action?: string;
  from?: Date;
  to?: Date;
  /** Keyset: only entries strictly older than this (time, id) pair. */
  before?: { at: Date; id: number };
  limit: number;
}

/**
 * An entry that names no practice but has an actor is the actor's practice's (sign-in, sign-out, a session
 * that ended): the practice's log shows it. The operator has none, so theirs stay platform entries.
 */
const INSERT_SQL = `
  insert into audit_events (at, actor_user_id, actor_role, action, resource_type, resource_id, outcome, route,
                            detail, client_address, user_agent, request_id, practice_id)
  select e.at, e.actor_user_id, e.actor_role, e.action, e.resource_type, e.resource_id, e.outcome, e.route,
         e.detail, e.client_address, e.user_agent, e.request_id,
         coalesce(e.practice_id, (select u.practice_id from users u where u.id = e.actor_user_id))
  from unnest($1::timestamptz[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
              $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::uuid[])
       as e(at, actor_user_id, actor_role, action, resource_type, resource_id, outcome, route, detail,
            client_address, user_agent, request_id, practice_id)`;

export function createAuditRepo(db: Db) {
  return {
    /** Many entries in one prepared statement: one array per column. */
    async insert(events: NewAuditEvent[]): Promise<void> {
      const column = <K extends keyof NewAuditEvent>(key: K) => events.map((event) => event[key]);
      await db.$client.query({
        name: 'audit_insert',
        text: INSERT_SQL,
        values: [
          column('at'),
          column('actorUserId'),
          column('actorRole'),
          column('action'),
          column('resourceType'),
          column('resourceId'),
          column('outcome'),
          column('route'),
          column('detail'),
          column('clientAddress'),
          column('userAgent'),
          column('requestId'),
          column('practiceId'),
        ],
      });
    },

    /** The practice's entries, newest first; one more row than asked tells the caller whether a next page exists. */
    async list(practiceId: string, query: AuditQuery) {
      const conditions: (SQL | undefined)[] = [
        eq(auditEvents.practiceId, practiceId),
        query.userId ? eq(auditEvents.actorUserId, query.userId) : undefined,
        query.action ? eq(auditEvents.action, query.action) : undefined,
        query.from ? gte(auditEvents.at, query.from) : undefined,
        query.to ? lt(auditEvents.at, query.to) : undefined,
        query.before
          ? sql`(${auditEvents.at}, ${auditEvents.id}) < (${query.before.at.toISOString()}::timestamptz, ${query.before.id})`
          : undefined,
      ];
      return db
        .select({ event: auditEvents, actorName: users.name })
        .from(auditEvents)
        .leftJoin(users, eq(users.id, auditEvents.actorUserId))
        .where(and(...conditions))
        .orderBy(desc(auditEvents.at), desc(auditEvents.id))
        .limit(query.limit);
    },
  };
}

export type AuditRepo = ReturnType<typeof createAuditRepo>;
