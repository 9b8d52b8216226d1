import { asc } from 'drizzle-orm';
import { PhoneNumberListResponseSchema } from '#shared/schemas/phone-numbers';
import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import { phoneNumbers } from '../../db/schema/index';
import { inScope } from '../../db/scope-filter';
import { requireAuth } from '../../plugins/auth';
import { assignedPhoneNumbers } from '../scope';

export function registerPhoneNumberRoutes(app: App, db: Db): void {
  app.get(
    '/api/phone-numbers',
    { schema: { response: { 200: PhoneNumberListResponseSchema } } },
    async (request) => {
      const rows = await db
        .select()
        .from(phoneNumbers)
        .where(inScope(phoneNumbers.id, assignedPhoneNumbers(requireAuth(request).principal)))
        .orderBy(asc(phoneNumbers.createdAt));
      return {
        phoneNumbers: rows.map((row) => ({
          id: row.id,
          name: row.name,
          number: row.number,
          assistantId: row.assistantId,
          cost: row.monthlyCost,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );
}
