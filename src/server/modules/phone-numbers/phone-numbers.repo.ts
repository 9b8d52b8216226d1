import { and, asc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { PhoneNumber, PhoneNumberListItem } from '#shared/schemas/phone-numbers';
import type { TableChanges } from '../../db/changes';
import type { Db } from '../../db/client';
import { createReadCache } from '../../db/read-cache';
import { assistants, phoneMappings, phoneNumbers, practices } from '../../db/schema/index';
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

async function loadForCall(db: Db, ref: { number?: string; providerId?: string }) {
  const conditions = [
    ref.number ? eq(phoneNumbers.number, ref.number) : undefined,
    ref.providerId ? eq(phoneNumbers.providerId, ref.providerId) : undefined,
  ].filter((c) => c !== undefined);
  if (!conditions.length) return undefined;
  const [row] = await db
    .select({
      number: phoneNumbers,
      assistant: assistants,
      practice: {
        id: practices.id,
        name: practices.name,
        timeZone: practices.timeZone,
        status: practices.status,
      },
    })
    .from(phoneNumbers)
    .innerJoin(practices, eq(practices.id, phoneNumbers.practiceId))
    .leftJoin(
      assistants,
      and(eq(assistants.id, phoneNumbers.assistantId), eq(assistants.practiceId, phoneNumbers.practiceId)),
    )
    .where(or(...conditions))
    .limit(1);
  return row;
}
type CallRoute = Awaited<ReturnType<typeof loadForCall>>;

export function createPhoneNumbersRepo(db: Db, changes?: TableChanges) {
  // Every voice webhook asks which practice, number and assistant a call is for (ADR 022).
  // A number no practice holds is kept as such too (ADR 061), until numbers, assistants or practices change.
  const routes = createReadCache<CallRoute>(changes, [phoneNumbers, assistants, practices], {
    keepMisses: true,
  });
  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    async list(practiceId: string, scope: Scope): Promise<PhoneNumberListItem[]> {
      const rows = await db
        .select({ number: phoneNumbers, assistantName: assistants.name })
        .from(phoneNumbers)
        .leftJoin(
          assistants,
          and(
            eq(assistants.id, phoneNumbers.assistantId),
            eq(assistants.practiceId, phoneNumbers.practiceId),
          ),
        )
        .where(and(eq(phoneNumbers.practiceId, practiceId), inScope(phoneNumbers.id, scope)))
        .orderBy(asc(phoneNumbers.createdAt), asc(phoneNumbers.id));
      return rows.map((row) => ({ ...toPhoneNumber(row.number), assistantName: row.assistantName }));
    },

    async find(
      practiceId: string,
      id: string,
      scope: Scope,
      executor: Executor = db,
    ): Promise<PhoneNumberRow | undefined> {
      const query = executor
        .select()
        .from(phoneNumbers)
        .where(
          and(
            eq(phoneNumbers.practiceId, practiceId),
            eq(phoneNumbers.id, id),
            inScope(phoneNumbers.id, scope),
          ),
        );
      const [row] = executor === db ? await query : await query.for('update');
      return row;
    },

    async findByNumber(practiceId: string, e164: string, scope: Scope): Promise<PhoneNumberRow | undefined> {
      const [row] = await db
        .select()
        .from(phoneNumbers)
        .where(
          and(
            eq(phoneNumbers.practiceId, practiceId),
            eq(phoneNumbers.number, e164),
            inScope(phoneNumbers.id, scope),
          ),
        );
      return row;
    },

    /**
     * The number a platform call came in on, by its E.164 or the platform's id for it: numbers are unique
     * across practices, so this is how a call finds its practice (`number.practiceId`).
     */
    /** The number a call is to (by E.164 or the platform's id), with its practice and assistant. */
    findForCall: (ref: { number?: string; providerId?: string }) =>
      routes.get(`${ref.number ?? ''}|${ref.providerId ?? ''}`, () => loadForCall(db, ref)),

    async assistantProviderId(practiceId: string, assistantId: string, executor: Executor = db) {
      const [row] = await executor
        .select({ id: assistants.id, providerId: assistants.providerId })
        .from(assistants)
        .where(and(eq(assistants.practiceId, practiceId), eq(assistants.id, assistantId)));
      return row;
    },

    async update(
      tx: Tx,
      practiceId: string,
      id: string,
      values: Partial<Pick<typeof phoneNumbers.$inferInsert, 'name' | 'assistantId'>>,
    ): Promise<PhoneNumberRow> {
      const [row] = await tx
        .update(phoneNumbers)
        .set(values)
        .where(and(eq(phoneNumbers.practiceId, practiceId), eq(phoneNumbers.id, id)))
        .returning();
      return row!;
    },

    /** The number and the connector mapping that routed it. */
    async remove(tx: Tx, row: PhoneNumberRow): Promise<void> {
      await tx
        .delete(phoneNumbers)
        .where(and(eq(phoneNumbers.practiceId, row.practiceId), eq(phoneNumbers.id, row.id)));
      if (row.number) {
        await tx
          .delete(phoneMappings)
          .where(
            and(eq(phoneMappings.practiceId, row.practiceId), eq(phoneMappings.phoneNumber, row.number)),
          );
      }
    },

    /** The platform's ids of every practice's numbers, each with the practice that holds it. */
    async providerIds(): Promise<Map<string, string>> {
      const rows = await db
        .select({ providerId: phoneNumbers.providerId, practiceId: phoneNumbers.practiceId })
        .from(phoneNumbers)
        .where(isNotNull(phoneNumbers.providerId));
      return new Map(rows.map((r) => [r.providerId!, r.practiceId]));
    },

    /**
     * A platform number: new, or linked to the practice's own row with the same E.164 that had no platform
     * id. False when the E.164 is another practice's (or already linked): nothing changes then.
     */
    async importNumber(values: typeof phoneNumbers.$inferInsert & { practiceId: string }): Promise<boolean> {
      const rows = await db
        .insert(phoneNumbers)
        .values(values)
        .onConflictDoUpdate({
          target: phoneNumbers.number,
          set: { providerId: values.providerId },
          setWhere: and(isNull(phoneNumbers.providerId), eq(phoneNumbers.practiceId, values.practiceId)),
        })
        .returning({ id: phoneNumbers.id });
      return rows.length > 0;
    },

    /** Across every practice: the boot import runs only on a deployment that holds none yet. */
    countAll: () => db.$count(phoneNumbers),
  };
}

export type PhoneNumbersRepo = ReturnType<typeof createPhoneNumbersRepo>;
