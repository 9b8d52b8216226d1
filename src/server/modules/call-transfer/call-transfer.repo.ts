import { eq } from 'drizzle-orm';
import { DEFAULT_CALL_TRANSFER_SETTINGS, type CallTransferSettings } from '#shared/schemas/call-transfer';
import type { Db } from '../../db/client';
import { callTransferSettings } from '../../db/schema/index';

export function createCallTransferRepo(db: Db) {
  return {
    /** The practice's stored setting, or the default (no number: no transfers). */
    async settings(practiceId: string): Promise<CallTransferSettings> {
      const [row] = await db
        .select()
        .from(callTransferSettings)
        .where(eq(callTransferSettings.practiceId, practiceId));
      if (!row) return DEFAULT_CALL_TRANSFER_SETTINGS;
      return { phoneNumber: row.phoneNumber, days: row.days, start: row.startTime, end: row.endTime };
    },

    async save(practiceId: string, settings: CallTransferSettings, now: Date): Promise<void> {
      const values = {
        phoneNumber: settings.phoneNumber,
        days: settings.days,
        startTime: settings.start,
        endTime: settings.end,
        updatedAt: now,
      };
      await db
        .insert(callTransferSettings)
        .values({ practiceId, ...values })
        .onConflictDoUpdate({ target: callTransferSettings.practiceId, set: values });
    },
  };
}

export type CallTransferRepo = ReturnType<typeof createCallTransferRepo>;
