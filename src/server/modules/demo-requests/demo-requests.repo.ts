import { and, count, desc, eq, gt, min } from 'drizzle-orm';
import type { DemoRequest, DemoRequestInput } from '#shared/schemas/demo-requests';
import type { Db } from '../../db/client';
import { demoRequestSenderLock } from '../../db/locks';
import { demoRequests } from '../../db/schema/index';

/** The admin list answers the newest requests first. */
export const DEMO_REQUEST_LIST_LIMIT = 500;

type Row = typeof demoRequests.$inferSelect;

const toDemoRequest = (row: Row): DemoRequest => ({
  id: row.id,
  name: row.name,
  email: row.email,
  mobile: row.mobile,
  solution: row.solution,
  kind: row.kind,
  sourcePage: row.sourcePage,
  createdAt: row.createdAt.toISOString(),
  contactedAt: row.contactedAt?.toISOString() ?? null,
  convertedPracticeId: row.convertedPracticeId,
});

export interface RecentFromAddress {
  count: number;
  oldest: Date | null;
}

export function createDemoRequestsRepo(db: Db) {
  return {
    /**
     * Inserts unless the address already sent `limit` since `since`; the per-address advisory lock makes
     * the count and the insert one step across every server instance.
     */
    async insertWithinLimit(
      input: DemoRequestInput,
      clientAddressHash: string,
      at: Date,
      since: Date,
      limit: number,
    ): Promise<{ inserted: true } | { inserted: false; recent: RecentFromAddress }> {
      return db.transaction(async (tx) => {
        await tx.execute(demoRequestSenderLock(clientAddressHash));
        const [recent] = await tx
          .select({ count: count(), oldest: min(demoRequests.createdAt) })
          .from(demoRequests)
          .where(
            and(eq(demoRequests.clientAddressHash, clientAddressHash), gt(demoRequests.createdAt, since)),
          );
        if (recent && recent.count >= limit) return { inserted: false, recent };
        await tx.insert(demoRequests).values({
          name: input.name,
          email: input.email,
          mobile: input.mobile,
          solution: input.solution,
          kind: input.kind,
          sourcePage: input.sourcePage ?? null,
          clientAddressHash,
          createdAt: at,
        });
        return { inserted: true };
      });
    },

    async list(): Promise<DemoRequest[]> {
      const rows = await db
        .select()
        .from(demoRequests)
        .orderBy(desc(demoRequests.createdAt), desc(demoRequests.id))
        .limit(DEMO_REQUEST_LIST_LIMIT);
      return rows.map(toDemoRequest);
    },

    async setContactedAt(id: string, contactedAt: Date | null): Promise<DemoRequest | undefined> {
      const [row] = await db
        .update(demoRequests)
        .set({ contactedAt })
        .where(eq(demoRequests.id, id))
        .returning();
      return row && toDemoRequest(row);
    },
  };
}

export type DemoRequestsRepo = ReturnType<typeof createDemoRequestsRepo>;
