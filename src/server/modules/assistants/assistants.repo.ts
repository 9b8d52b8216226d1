import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Assistant } from '#shared/schemas/assistants';
import { toAssistant, type AssistantRow } from './assistant-row';
import type { Db } from '../../db/client';
import { assistants } from '../../db/schema/index';
import { inScope } from '../../db/scope-filter';
import type { AssistantSpec } from '../../integrations/voice/port';
import type { Scope } from '../scope';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;
export { specOf, toAssistant, type AssistantRow } from './assistant-row';

export interface NewAssistant extends AssistantSpec {
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

    async list(scope: Scope): Promise<Assistant[]> {
      const rows = await db
        .select()
        .from(assistants)
        .where(inScope(assistants.id, scope))
        .orderBy(asc(assistants.createdAt), asc(assistants.name));
      return rows.map(toAssistant);
    },

    /** Locks the row when read inside a transaction that is about to change it. */
    async find(id: string, scope: Scope, executor: Executor = db): Promise<AssistantRow | undefined> {
      const query = executor
        .select()
        .from(assistants)
        .where(and(eq(assistants.id, id), inScope(assistants.id, scope)));
      const [row] = executor === db ? await query : await query.for('update');
      return row;
    },

    async providerIds(): Promise<Set<string>> {
      const rows = await db.select({ providerId: assistants.providerId }).from(assistants);
      return new Set(rows.flatMap((r) => (r.providerId ? [r.providerId] : [])));
    },

    async byProviderIds(providerIds: string[]): Promise<Map<string, string>> {
      if (!providerIds.length) return new Map();
      const rows = await db
        .select({ id: assistants.id, providerId: assistants.providerId })
        .from(assistants)
        .where(inArray(assistants.providerId, providerIds));
      return new Map(rows.map((r) => [r.providerId!, r.id]));
    },

    async insert(values: NewAssistant, executor: Executor = db): Promise<AssistantRow> {
      const [row] = await executor.insert(assistants).values(values).returning();
      return row!;
    },

    async update(tx: Tx, id: string, values: Partial<AssistantSpec>, now: Date): Promise<AssistantRow> {
      const [row] = await tx
        .update(assistants)
        .set({ ...values, updatedAt: now })
        .where(eq(assistants.id, id))
        .returning();
      return row!;
    },

    async setKnowledgeBaseFile(
      tx: Tx,
      id: string,
      file: StoredKnowledgeBaseFile,
      now: Date,
    ): Promise<AssistantRow> {
      const [row] = await tx
        .update(assistants)
        .set({ ...file, updatedAt: now })
        .where(eq(assistants.id, id))
        .returning();
      return row!;
    },

    async remove(tx: Tx, id: string): Promise<void> {
      await tx.delete(assistants).where(eq(assistants.id, id));
    },

    async count(): Promise<number> {
      return await db.$count(assistants);
    },
  };
}

export type AssistantsRepo = ReturnType<typeof createAssistantsRepo>;
