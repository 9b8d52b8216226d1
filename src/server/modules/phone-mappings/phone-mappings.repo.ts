import { asc, eq, inArray } from 'drizzle-orm';
import type { PhoneMapping } from '#shared/schemas/phone-mappings';
import type { Db } from '../../db/client';
import { phoneMappings } from '../../db/schema/index';

const toMapping = (row: typeof phoneMappings.$inferSelect): PhoneMapping => ({
  phoneNumber: row.phoneNumber,
  connectorId: row.connectorId,
  name: row.name,
});

export function createPhoneMappingsRepo(db: Db) {
  return {
    /** `null` = every mapping; otherwise those of the listed numbers. */
    async list(numbers: readonly string[] | null): Promise<PhoneMapping[]> {
      if (numbers && !numbers.length) return [];
      const rows = await db
        .select()
        .from(phoneMappings)
        .where(numbers ? inArray(phoneMappings.phoneNumber, [...numbers]) : undefined)
        .orderBy(asc(phoneMappings.createdAt), asc(phoneMappings.phoneNumber));
      return rows.map(toMapping);
    },

    async find(e164: string): Promise<PhoneMapping | undefined> {
      const [row] = await db.select().from(phoneMappings).where(eq(phoneMappings.phoneNumber, e164));
      return row && toMapping(row);
    },

    /** False when the number already has a mapping. */
    async insert(mapping: PhoneMapping): Promise<boolean> {
      const rows = await db.insert(phoneMappings).values(mapping).onConflictDoNothing().returning();
      return rows.length > 0;
    },

    async update(e164: string, values: Omit<PhoneMapping, 'phoneNumber'>): Promise<PhoneMapping | undefined> {
      const [row] = await db
        .update(phoneMappings)
        .set(values)
        .where(eq(phoneMappings.phoneNumber, e164))
        .returning();
      return row && toMapping(row);
    },

    async remove(e164: string): Promise<boolean> {
      const rows = await db.delete(phoneMappings).where(eq(phoneMappings.phoneNumber, e164)).returning();
      return rows.length > 0;
    },
  };
}

export type PhoneMappingsRepo = ReturnType<typeof createPhoneMappingsRepo>;
