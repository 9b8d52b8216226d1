import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Practice, PracticeStatus, PracticeType } from '#shared/schemas/practices';
import type { Db } from '../../db/client';
import { demoRequests, practices, sessions, users } from '../../db/schema/index';

type Row = typeof practices.$inferSelect;

const toPractice = (row: Row): Practice => ({
  id: row.id,
  name: row.name,
  practiceType: row.practiceType,
  timeZone: row.timeZone,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

export interface NewPractice {
  name: string;
  practiceType: PracticeType;
  timeZone: string;
  createdAt: Date;
}

/** Why a practice could not be made from a demo request. */
export type ConversionRefusal = 'demo_request_not_found' | 'demo_request_converted';

/** The practices themselves: the operator's table, not owned by any practice. */
export function createPracticesRepo(db: Db) {
  return {
    async list(): Promise<Practice[]> {
      const rows = await db.select().from(practices).orderBy(asc(practices.createdAt), asc(practices.id));
      return rows.map(toPractice);
    },

    async find(id: string): Promise<Practice | undefined> {
      const [row] = await db.select().from(practices).where(eq(practices.id, id));
      return row && toPractice(row);
    },

    /** The name of whoever asked for the demo the practice was created from. */
    async convertedRequestName(practiceId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ name: demoRequests.name })
        .from(demoRequests)
        .where(eq(demoRequests.convertedPracticeId, practiceId))
        .limit(1);
      return row?.name;
    },

    async emailTaken(email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      return Boolean(row);
    },

    /** The name of the person who asked for the demo: the invited admin's name. */
    async demoRequestName(id: string): Promise<string | undefined> {
      const [row] = await db
        .select({ name: demoRequests.name })
        .from(demoRequests)
        .where(eq(demoRequests.id, id));
      return row?.name;
    },

    /**
     * Inserts the practice and, with a demo request, marks it converted in the same transaction; the request's
     * row is locked first, so two concurrent creates from one request end in one practice and one refusal.
     */
    async insert(
      values: NewPractice,
      demoRequestId?: string,
    ): Promise<{ practice: Practice } | { refused: ConversionRefusal }> {
      return db.transaction(async (tx) => {
        if (demoRequestId) {
          const [request] = await tx
            .select({ convertedPracticeId: demoRequests.convertedPracticeId })
            .from(demoRequests)
            .where(eq(demoRequests.id, demoRequestId))
            .for('update');
          if (!request) return { refused: 'demo_request_not_found' } as const;
          if (request.convertedPracticeId) return { refused: 'demo_request_converted' } as const;
        }
        const [row] = await tx.insert(practices).values(values).returning();
        if (demoRequestId) {
          await tx
            .update(demoRequests)
            .set({ convertedPracticeId: row!.id })
            .where(eq(demoRequests.id, demoRequestId));
        }
        return { practice: toPractice(row!) };
      });
    },

    /**
     * Undoes a create whose invitation failed, when nothing refers to the practice yet; false when something
     * does (the audit entry of a failed invitation mail, which is append-only): the practice then stays.
     */
    async removeNew(id: string): Promise<boolean> {
      try {
        await db.transaction(async (tx) => {
          await tx
            .update(demoRequests)
            .set({ convertedPracticeId: null })
            .where(eq(demoRequests.convertedPracticeId, id));
          await tx.delete(practices).where(eq(practices.id, id));
        });
        return true;
      } catch (error) {
        if (isForeignKeyViolation(error)) return false;
        throw error;
      }
    },

    /** Suspending also deletes the practice's sessions: none outlives it, even one unused until reactivation. */
    async setStatus(id: string, status: PracticeStatus): Promise<Practice | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx.update(practices).set({ status }).where(eq(practices.id, id)).returning();
        if (row && status === 'suspended') {
          await tx
            .delete(sessions)
            .where(
              inArray(
                sessions.userId,
                tx.select({ id: users.id }).from(users).where(eq(users.practiceId, id)),
              ),
            );
        }
        return row && toPractice(row);
      });
    },
  };
}

/** PostgreSQL's foreign_key_violation, however drizzle wraps it. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23503') return true;
  }
  return false;
}

export type PracticesRepo = ReturnType<typeof createPracticesRepo>;
