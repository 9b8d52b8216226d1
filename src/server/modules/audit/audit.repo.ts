import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Role } from '#shared/permissions';
import type { AuditOutcome } from '#shared/schemas/audit';
import type { Db } from '../../db/client';
import { auditEvents, users } from '../../db/schema/index';

export interface NewAuditEvent {
  at: Date;
  actorUserId: string | null;
  actorRole: Role | null;
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

export function createAuditRepo(db: Db) {
  return {
    async insert(event: NewAuditEvent): Promise<void> {
      await db.insert(auditEvents).values(event);
    },

    /** Newest first; one more row than asked tells the caller whether a next page exists. */
    async list(query: AuditQuery) {
      const conditions: (SQL | undefined)[] = [
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
