import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Assistant } from '#shared/schemas/assistants';
import { toAssistant, type AssistantRow } from './assistant-row';
import type { Db } from '../../db/client';
import { assistants, practices } from '../../db/schema/index';
import type { PracticeContext } from '../../practice';
import { inScope } from '../../db/scope-filter';
import type { AssistantSpec } from '../../integrations/voice/port';
import type { Scope } from '../scope';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;
export { specOf, toAssistant, type AssistantRow } from './assistant-row';

export interface NewAssistant extends AssistantSpec {
  practiceId: string;
  providerId: string | null;
  createdAt?: Date;
  updatedAt?: Date;
  knowledgeBaseFileId?: string | null;
  knowledgeBaseFileName?: string | null;
  knowledgeBaseFileBytes?: number | null;
}

/** The knowledge-base file as our row records it (all null: none). */
export interface StoredKnowledgeBaseFile {
  knowledgeBaseFileId: string | null;
  knowledgeBaseFileName: string | null;
  knowledgeBaseFileBytes: number | null;
}

export function createAssistantsRepo(db: Db) {
  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    async list(practiceId: string, scope: Scope): Promise<Assistant[]> {
      const rows = await db
        .select()
        .from(assistants)
        .where(and(eq(assistants.practiceId, practiceId), inScope(assistants.id, scope)))
        .orderBy(asc(assistants.createdAt), asc(assistants.name));
      return rows.map(toAssistant);
    },

    /** Locks the row when read inside a transaction that is about to change it. */
    async find(
      practiceId: string,
      id: string,
      scope: Scope,
      executor: Executor = db,
    ): Promise<AssistantRow | undefined> {
      const query = executor
        .select()
        .from(assistants)
        .where(
          and(eq(assistants.practiceId, practiceId), eq(assistants.id, id), inScope(assistants.id, scope)),
        );
      const [row] = executor === db ? await query : await query.for('update');
      return row;
    },

    /** The platform ids every practice holds: one practice never takes over another's assistant. */
    async providerIds(): Promise<Set<string>> {
      const rows = await db.select({ providerId: assistants.providerId }).from(assistants);
      return new Set(rows.flatMap((r) => (r.providerId ? [r.providerId] : [])));
    },

    async byProviderIds(practiceId: string, providerIds: string[]): Promise<Map<string, string>> {
      if (!providerIds.length) return new Map();
      const rows = await db
        .select({ id: assistants.id, providerId: assistants.providerId })
        .from(assistants)
        .where(and(eq(assistants.practiceId, practiceId), inArray(assistants.providerId, providerIds)));
      return new Map(rows.map((r) => [r.providerId!, r.id]));
    },

    async insert(values: NewAssistant, executor: Executor = db): Promise<AssistantRow> {
      const [row] = await executor.insert(assistants).values(values).returning();
      return row!;
    },

    async update(
      tx: Tx,
      practiceId: string,
      id: string,
      values: Partial<AssistantSpec>,
      now: Date,
    ): Promise<AssistantRow> {
      const [row] = await tx
        .update(assistants)
        .set({ ...values, updatedAt: now })
        .where(and(eq(assistants.practiceId, practiceId), eq(assistants.id, id)))
        .returning();
      return row!;
    },

    async setKnowledgeBaseFile(
      tx: Tx,
      practiceId: string,
      id: string,
      file: StoredKnowledgeBaseFile,
      now: Date,
    ): Promise<AssistantRow> {
      const [row] = await tx
        .update(assistants)
        .set({ ...file, updatedAt: now })
        .where(and(eq(assistants.practiceId, practiceId), eq(assistants.id, id)))
        .returning();
      return row!;
    },

    async remove(tx: Tx, practiceId: string, id: string): Promise<void> {
      await tx.delete(assistants).where(and(eq(assistants.practiceId, practiceId), eq(assistants.id, id)));
    },

    /** Across every practice: the boot import runs only on a deployment that holds none yet. */
    async countAll(): Promise<number> {
      return await db.$count(assistants);
    },

    /** The practice whose assistant has this platform id (a call names the assistant it reached). */
    async practiceOfProviderId(providerId: string): Promise<PracticeContext | undefined> {
      const [row] = await db
        .select({
          id: practices.id,
          name: practices.name,
          timeZone: practices.timeZone,
          status: practices.status,
        })
        .from(assistants)
        .innerJoin(practices, eq(practices.id, assistants.practiceId))
        .where(eq(assistants.providerId, providerId))
        .limit(1);
      return row;
    },
  };
}

export type AssistantsRepo = ReturnType<typeof createAssistantsRepo>;
