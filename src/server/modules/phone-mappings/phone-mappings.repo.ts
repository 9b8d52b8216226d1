import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PhoneMapping } from '#shared/schemas/phone-mappings';
import type { Db } from '../../db/client';
import { phoneMappings } from '../../db/schema/index';

const toMapping = (row: typeof phoneMappings.$inferSelect): PhoneMapping => ({
  phoneNumber: row.phoneNumber,
  connectorId: row.connectorId,
  name: row.name,
});

/**
 * Every query is bounded by the practice (issue 22). A number is still mapped at most once across all
 * practices (it routes calls to one practice): `insert` reports which practice holds it already.
 */
export function createPhoneMappingsRepo(db: Db) {
  const ofPractice = (practiceId: string, e164: string) =>
    and(eq(phoneMappings.practiceId, practiceId), eq(phoneMappings.phoneNumber, e164));

  async function find(practiceId: string, e164: string): Promise<PhoneMapping | undefined> {
    const [row] = await db.select().from(phoneMappings).where(ofPractice(practiceId, e164));
    return row && toMapping(row);
  }

  return {
    /** `null` = every mapping of the practice; otherwise those of the listed numbers. */
    async list(practiceId: string, numbers: readonly string[] | null): Promise<PhoneMapping[]> {
      if (numbers && !numbers.length) return [];
      const rows = await db
        .select()
        .from(phoneMappings)
        .where(
          and(
            eq(phoneMappings.practiceId, practiceId),
            numbers ? inArray(phoneMappings.phoneNumber, [...numbers]) : undefined,
          ),
        )
        .orderBy(asc(phoneMappings.createdAt), asc(phoneMappings.phoneNumber));
      return rows.map(toMapping);
    },

    find,

    /** The practice that mapped the number, if any: the one read across practices (numbers are unique). */
    async holder(e164: string): Promise<string | undefined> {
      const [row] = await db
        .select({ practiceId: phoneMappings.practiceId })
        .from(phoneMappings)
        .where(eq(phoneMappings.phoneNumber, e164));
      return row?.practiceId;
    },

    /** 'ours' / 'theirs' when the number already has a mapping in this practice / in another one. */
    async insert(practiceId: string, mapping: PhoneMapping): Promise<'inserted' | 'ours' | 'theirs'> {
      const rows = await db
        .insert(phoneMappings)
        .values({ ...mapping, practiceId })
        .onConflictDoNothing()
        .returning();
      if (rows.length > 0) return 'inserted';
      return (await find(practiceId, mapping.phoneNumber)) ? 'ours' : 'theirs';
    },

    async update(
      practiceId: string,
      e164: string,
      values: Omit<PhoneMapping, 'phoneNumber'>,
    ): Promise<PhoneMapping | undefined> {
      const [row] = await db
        .update(phoneMappings)
        .set(values)
        .where(ofPractice(practiceId, e164))
        .returning();
      return row && toMapping(row);
    },

    async remove(practiceId: string, e164: string): Promise<boolean> {
      const rows = await db.delete(phoneMappings).where(ofPractice(practiceId, e164)).returning();
      return rows.length > 0;
    },
  };
}

export type PhoneMappingsRepo = ReturnType<typeof createPhoneMappingsRepo>;
