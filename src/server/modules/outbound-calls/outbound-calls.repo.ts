import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  DEFAULT_OUTBOUND_SETTINGS,
  type OutboundCall,
  type OutboundSettings,
} from '#shared/schemas/outbound-calls';
import type { Db, Queryable } from '../../db/client';
import { outboundCalls, outboundSettings } from '../../db/schema/index';

export type OutboundCallRow = typeof outboundCalls.$inferSelect;
export type NewOutboundCall = typeof outboundCalls.$inferInsert;

const LIST_LIMIT = 200;

/** The predicate of the one-open-call index (`outbound_calls_one_open_idx`). */
const OPEN = sql`${outboundCalls.status} in ('pending', 'calling')`;

export function toOutboundCall(row: OutboundCallRow): OutboundCall {
  return {
    id: row.id,
    patient_name: row.patientName,
    phone_number: row.phoneNumber,
    call_type: row.callType,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    vapi_call_id: row.vapiCallId,
    not_before: row.notBefore?.toISOString() ?? null,
    attempts: row.attempts,
    last_error: row.lastError,
  };
}

/** Stored settings over the defaults, part by part (a stored row may predate a new field). */
export function withDefaults(stored: Partial<OutboundSettings> | undefined): OutboundSettings {
  const d = DEFAULT_OUTBOUND_SETTINGS;
  return {
    callingWindow: { ...d.callingWindow, ...stored?.callingWindow },
    maxConcurrentCalls: stored?.maxConcurrentCalls ?? d.maxConcurrentCalls,
    callTypes: {
      reminder: { ...d.callTypes.reminder, ...stored?.callTypes?.reminder },
      confirmation: { ...d.callTypes.confirmation, ...stored?.callTypes?.confirmation },
      followup: { ...d.callTypes.followup, ...stored?.callTypes?.followup },
    },
  };
}

export function createOutboundCallsRepo(db: Db) {
  return {
    db,
    /** Newest first; a sub user sees the calls placed from their assigned numbers. */
    async list(phoneNumberIds: readonly string[] | null): Promise<OutboundCall[]> {
      if (phoneNumberIds && phoneNumberIds.length === 0) return [];
      const rows = await db
        .select()
        .from(outboundCalls)
        .where(phoneNumberIds ? inArray(outboundCalls.phoneNumberId, [...phoneNumberIds]) : undefined)
        .orderBy(desc(outboundCalls.createdAt), desc(outboundCalls.id))
        .limit(LIST_LIMIT);
      return rows.map(toOutboundCall);
    },

    /**
     * Inserts the calls of patients without an open (pending or calling) call of that type; the others are left
     * out (the partial unique index decides, so concurrent starts cannot both queue one). Rows go in by patient,
     * so two starts for the same patients lock them in the same order.
     */
    async insertOpen(executor: Queryable, values: NewOutboundCall[]): Promise<OutboundCallRow[]> {
      if (values.length === 0) return [];
      const byPatient = [...values].sort((a, b) => (a.patientId < b.patientId ? -1 : 1));
      return executor
        .insert(outboundCalls)
        .values(byPatient)
        .onConflictDoNothing({
          target: [outboundCalls.practiceId, outboundCalls.patientId, outboundCalls.callType],
          where: OPEN,
        })
        .returning();
    },

    /**
     * Campaign rows: an appointment already queued by this campaign is skipped, and so is a patient with an open
     * call of that type (the next run queues it once that call is over).
     */
    async insertCampaign(values: NewOutboundCall[]): Promise<number> {
      if (values.length === 0) return 0;
      const rows = await db
        .insert(outboundCalls)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: outboundCalls.id });
      return rows.length;
    },

    async settings(executor: Queryable = db): Promise<OutboundSettings> {
      const [row] = await executor
        .select()
        .from(outboundSettings)
        .where(eq(outboundSettings.practiceId, sql`first_practice_id()`));
      return withDefaults(row?.settings);
    },

    async saveSettings(settings: OutboundSettings, now: Date): Promise<void> {
      await db
        .insert(outboundSettings)
        .values({ settings, updatedAt: now })
        .onConflictDoUpdate({ target: outboundSettings.practiceId, set: { settings, updatedAt: now } });
    },

    async findByVapiCallId(vapiCallId: string): Promise<OutboundCallRow | undefined> {
      const [row] = await db.select().from(outboundCalls).where(eq(outboundCalls.vapiCallId, vapiCallId));
      return row;
    },

    async byStatus(status: OutboundCallRow['status']): Promise<OutboundCallRow[]> {
      return db
        .select()
        .from(outboundCalls)
        .where(eq(outboundCalls.status, status))
        .orderBy(asc(outboundCalls.createdAt));
    },

    /** Pending calls that are due (no `not_before`, or it has passed). */
    dueCondition: (now: Date) =>
      and(
        eq(outboundCalls.status, 'pending'),
        or(isNull(outboundCalls.notBefore), lte(outboundCalls.notBefore, now)),
      ),

    /** Pending calls waiting until `from` wait until `to` instead (null: due now); how many moved. */
    async moveNotBefore(from: Date, to: Date | null): Promise<number> {
      const moved = await db
        .update(outboundCalls)
        .set({ notBefore: to, updatedAt: sql`now()` })
        .where(and(eq(outboundCalls.status, 'pending'), eq(outboundCalls.notBefore, from)))
        .returning({ id: outboundCalls.id });
      return moved.length;
    },

    async update(id: string, values: Partial<NewOutboundCall>, executor: Queryable = db) {
      await executor
        .update(outboundCalls)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(outboundCalls.id, id));
    },
  };
}

export type OutboundCallsRepo = ReturnType<typeof createOutboundCallsRepo>;
