import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { PhoneNumber } from '#shared/schemas/phone-numbers';
import type { Db } from '../../db/client';
import { assistants, phoneMappings, phoneNumbers } from '../../db/schema/index';
import { inScope } from '../../db/scope-filter';
import type { Scope } from '../scope';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;
export type PhoneNumberRow = typeof phoneNumbers.$inferSelect;

export function toPhoneNumber(row: PhoneNumberRow): PhoneNumber {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    assistantId: row.assistantId,
    cost: row.monthlyCost,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createPhoneNumbersRepo(db: Db) {
  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    async list(scope: Scope): Promise<PhoneNumber[]> {
      const rows = await db
        .select()
        .from(phoneNumbers)
        .where(inScope(phoneNumbers.id, scope))
        .orderBy(asc(phoneNumbers.createdAt), asc(phoneNumbers.id));
      return rows.map(toPhoneNumber);
    },

    async find(id: string, scope: Scope, executor: Executor = db): Promise<PhoneNumberRow | undefined> {
      const query = executor
        .select()
        .from(phoneNumbers)
        .where(and(eq(phoneNumbers.id, id), inScope(phoneNumbers.id, scope)));
      const [row] = executor === db ? await query : await query.for('update');
      return row;
    },

    async findByNumber(e164: string, scope: Scope): Promise<PhoneNumberRow | undefined> {
      const [row] = await db
        .select()
        .from(phoneNumbers)
        .where(and(eq(phoneNumbers.number, e164), inScope(phoneNumbers.id, scope)));
      return row;
    },

    /** The number a platform call came in on, by its E.164 or the platform's id for it. */
    async findForCall(ref: { number?: string; providerId?: string }) {
      const conditions = [
        ref.number ? eq(phoneNumbers.number, ref.number) : undefined,
        ref.providerId ? eq(phoneNumbers.providerId, ref.providerId) : undefined,
      ].filter((c) => c !== undefined);
      if (!conditions.length) return undefined;
      const [row] = await db
        .select({ number: phoneNumbers, assistant: assistants })
        .from(phoneNumbers)
        .leftJoin(assistants, eq(assistants.id, phoneNumbers.assistantId))
        .where(or(...conditions))
        .limit(1);
      return row;
    },

    async assistantProviderId(assistantId: string, executor: Executor = db) {
      const [row] = await executor
        .select({ id: assistants.id, providerId: assistants.providerId })
        .from(assistants)
        .where(eq(assistants.id, assistantId));
      return row;
    },

    async update(
      tx: Tx,
      id: string,
      values: Partial<typeof phoneNumbers.$inferInsert>,
    ): Promise<PhoneNumberRow> {
      const [row] = await tx.update(phoneNumbers).set(values).where(eq(phoneNumbers.id, id)).returning();
      return row!;
    },

    /** The number and the connector mapping that routed it. */
    async remove(tx: Tx, row: PhoneNumberRow): Promise<void> {
      await tx.delete(phoneNumbers).where(eq(phoneNumbers.id, row.id));
      if (row.number) await tx.delete(phoneMappings).where(eq(phoneMappings.phoneNumber, row.number));
    },

    async providerIds(): Promise<Set<string>> {
      const rows = await db.select({ providerId: phoneNumbers.providerId }).from(phoneNumbers);
      return new Set(rows.flatMap((r) => (r.providerId ? [r.providerId] : [])));
    },

    /** A platform number: new, or linked to our row with the same E.164 that had no platform id. */
    async importNumber(values: typeof phoneNumbers.$inferInsert): Promise<boolean> {
      const rows = await db
        .insert(phoneNumbers)
        .values(values)
        .onConflictDoUpdate({
          target: phoneNumbers.number,
          set: { providerId: values.providerId },
          setWhere: isNull(phoneNumbers.providerId),
        })
        .returning({ id: phoneNumbers.id });
      return rows.length > 0;
    },

    count: () => db.$count(phoneNumbers),
  };
}

export type PhoneNumbersRepo = ReturnType<typeof createPhoneNumbersRepo>;
