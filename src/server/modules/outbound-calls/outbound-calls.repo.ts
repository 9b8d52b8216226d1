import { and, asc, desc, eq, gte, inArray, isNull, lte, min, or, sql } from 'drizzle-orm';
import {
  DEFAULT_OUTBOUND_SETTINGS,
  type OutboundCall,
  type OutboundSettings,
} from '#shared/schemas/outbound-calls';
import type { Db, Queryable, Tx } from '../../db/client';
import { LOCKS } from '../../db/locks';
import { outboundCalls, outboundSettings, practices } from '../../db/schema/index';
import type { PracticeContext } from '../../practice';

export type OutboundCallRow = typeof outboundCalls.$inferSelect;
export type NewOutboundCall = typeof outboundCalls.$inferInsert;
/** A call to queue: the repo adds the practice it is queued for. */
export type OutboundCallToQueue = Omit<NewOutboundCall, 'practiceId'>;

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

/** Why a recall call was not queued for a patient. */
export type RecallSkip = 'recent' | 'daily_limit' | 'open';

export interface RecallLimits {
  /** A patient with a recall call queued since then is left out (30 days before now). */
  repeatSince: Date;
  /** Practice-local midnight: the recall calls queued since then count against `maxPerDay`. */
  dayStart: Date;
  maxPerDay: number;
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
    lateChangeHours: stored?.lateChangeHours ?? d.lateChangeHours,
    recall: { ...d.recall, ...stored?.recall },
  };
}

export function createOutboundCallsRepo(db: Db) {
  /**
   * Inserts the calls of patients without an open (pending or calling) call of that type; the others are left
   * out (the partial unique index decides, so concurrent starts cannot both queue one). Rows go in by patient,
   * so two starts for the same patients lock them in the same order.
   */
  async function insertOpen(
    practiceId: string,
    executor: Queryable,
    values: OutboundCallToQueue[],
  ): Promise<OutboundCallRow[]> {
    if (values.length === 0) return [];
    const byPatient = [...values]
      .sort((a, b) => (a.patientId < b.patientId ? -1 : 1))
      .map((value) => ({ ...value, practiceId }));
    return executor
      .insert(outboundCalls)
      .values(byPatient)
      .onConflictDoNothing({
        target: [outboundCalls.practiceId, outboundCalls.patientId, outboundCalls.callType],
        where: OPEN,
      })
      .returning();
  }

  return {
    db,
    /** Newest first; a sub user sees the calls placed from their assigned numbers. */
    async list(practiceId: string, phoneNumberIds: readonly string[] | null): Promise<OutboundCall[]> {
      if (phoneNumberIds && phoneNumberIds.length === 0) return [];
      const rows = await db
        .select()
        .from(outboundCalls)
        .where(
          and(
            eq(outboundCalls.practiceId, practiceId),
            phoneNumberIds ? inArray(outboundCalls.phoneNumberId, [...phoneNumberIds]) : undefined,
          ),
        )
        .orderBy(desc(outboundCalls.createdAt), desc(outboundCalls.id))
        .limit(LIST_LIMIT);
      return rows.map(toOutboundCall);
    },

    insertOpen,

    /**
     * Campaign rows: an appointment already queued by this campaign is skipped, and so is a patient with an open
     * call of that type (the next run queues it once that call is over).
     */
    async insertCampaign(practiceId: string, values: OutboundCallToQueue[]): Promise<number> {
      if (values.length === 0) return 0;
      const rows = await db
        .insert(outboundCalls)
        .values(values.map((value) => ({ ...value, practiceId })))
        .onConflictDoNothing()
        .returning({ id: outboundCalls.id });
      return rows.length;
    },

    /**
     * Recall calls (issue 24), in the order given as far as the limits allow: a patient with a recall call
     * queued since `repeatSince` is left out, and so is everyone past `maxPerDay` recall calls queued since
     * `dayStart` (campaign and by hand alike). The practice's recall lock holds from the count to the commit of
     * `tx`, so concurrent queuers (two campaign runs, a "Call selected") count each other's rows.
     */
    async insertRecall(
      practiceId: string,
      tx: Tx,
      values: OutboundCallToQueue[],
      limits: RecallLimits,
    ): Promise<{ inserted: OutboundCallRow[]; skipped: Map<string, RecallSkip> }> {
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS.recallQueue}, hashtext(${practiceId}))`);
      const earliest = limits.repeatSince < limits.dayStart ? limits.repeatSince : limits.dayStart;
      const queued = await tx
        .select({ patientId: outboundCalls.patientId, createdAt: outboundCalls.createdAt })
        .from(outboundCalls)
        .where(
          and(
            eq(outboundCalls.practiceId, practiceId),
            eq(outboundCalls.callType, 'recall'),
            gte(outboundCalls.createdAt, earliest),
          ),
        );
      const recent = new Set(queued.filter((q) => q.createdAt >= limits.repeatSince).map((q) => q.patientId));
      let room = limits.maxPerDay - queued.filter((q) => q.createdAt >= limits.dayStart).length;
      const skipped = new Map<string, RecallSkip>();
      const allowed: OutboundCallToQueue[] = [];
      for (const value of values) {
        if (recent.has(value.patientId) || skipped.has(value.patientId))
          skipped.set(value.patientId, 'recent');
        else if (room <= 0) skipped.set(value.patientId, 'daily_limit');
        else {
          room--;
          allowed.push({ ...value, callType: 'recall' });
          recent.add(value.patientId);
        }
      }
      const inserted = await insertOpen(practiceId, tx, allowed);
      const placed = new Set(inserted.map((row) => row.patientId));
      for (const value of allowed) if (!placed.has(value.patientId)) skipped.set(value.patientId, 'open');
      return { inserted, skipped };
    },

    /** Recall calls queued since `since`: all of them, and those the campaign queued (no user). */
    async recallQueuedSince(practiceId: string, since: Date): Promise<{ all: number; campaign: number }> {
      const [row] = await db
        .select({
          all: sql<number>`count(*)::int`,
          campaign: sql<number>`(count(*) filter (where ${outboundCalls.createdBy} is null))::int`,
        })
        .from(outboundCalls)
        .where(
          and(
            eq(outboundCalls.practiceId, practiceId),
            eq(outboundCalls.callType, 'recall'),
            gte(outboundCalls.createdAt, since),
          ),
        );
      return { all: row?.all ?? 0, campaign: row?.campaign ?? 0 };
    },

    /**
     * A visit booked during a recall call (`providerCallId`, the voice platform's id) is linked to it: the row's
     * `appointment_ref` becomes the booked appointment's id. The call's first booking stays; true when linked.
     */
    async linkRecallBooking(
      practiceId: string,
      providerCallId: string,
      appointmentRef: string,
    ): Promise<boolean> {
      const linked = await db
        .update(outboundCalls)
        .set({ appointmentRef, updatedAt: sql`now()` })
        .where(
          and(
            eq(outboundCalls.practiceId, practiceId),
            eq(outboundCalls.vapiCallId, providerCallId),
            eq(outboundCalls.callType, 'recall'),
            isNull(outboundCalls.appointmentRef),
          ),
        )
        .returning({ id: outboundCalls.id });
      return linked.length > 0;
    },

    /** Which of `keys` a campaign call of this practice already has. */
    async campaignKeysTaken(practiceId: string, keys: readonly string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .select({ key: outboundCalls.campaignKey })
        .from(outboundCalls)
        .where(and(eq(outboundCalls.practiceId, practiceId), inArray(outboundCalls.campaignKey, [...keys])));
      return new Set(rows.flatMap((row) => (row.key ? [row.key] : [])));
    },

    async settings(practiceId: string, executor: Queryable = db): Promise<OutboundSettings> {
      const [row] = await executor
        .select()
        .from(outboundSettings)
        .where(eq(outboundSettings.practiceId, practiceId));
      return withDefaults(row?.settings);
    },

    async saveSettings(practiceId: string, settings: OutboundSettings, now: Date): Promise<void> {
      await db
        .insert(outboundSettings)
        .values({ practiceId, settings, updatedAt: now })
        .onConflictDoUpdate({ target: outboundSettings.practiceId, set: { settings, updatedAt: now } });
    },

    /** A practice's pending calls that are due (no `not_before`, or it has passed). */
    dueCondition: (practiceId: string, now: Date) =>
      and(
        eq(outboundCalls.practiceId, practiceId),
        eq(outboundCalls.status, 'pending'),
        or(isNull(outboundCalls.notBefore), lte(outboundCalls.notBefore, now)),
      ),

    /**
     * The active practices with due calls (`only`: that practice, if so), oldest due call first: the
     * dispatcher serves each with its own settings. A suspended practice's calls wait.
     */
    async practicesWithDueCalls(now: Date, only?: string): Promise<PracticeContext[]> {
      const rows = await db
        .select({
          id: practices.id,
          name: practices.name,
          timeZone: practices.timeZone,
          status: practices.status,
          oldest: min(outboundCalls.createdAt),
        })
        .from(outboundCalls)
        .innerJoin(practices, eq(practices.id, outboundCalls.practiceId))
        .where(
          and(
            eq(practices.status, 'active'),
            only ? eq(practices.id, only) : undefined,
            eq(outboundCalls.status, 'pending'),
            or(isNull(outboundCalls.notBefore), lte(outboundCalls.notBefore, now)),
          ),
        )
        .groupBy(practices.id)
        .orderBy(asc(min(outboundCalls.createdAt)));
      return rows.map(({ oldest: _oldest, ...practice }) => practice);
    },

    /** The practices `ids` (for work found across practices), by id. */
    async practices(ids: string[]): Promise<Map<string, PracticeContext>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({
          id: practices.id,
          name: practices.name,
          timeZone: practices.timeZone,
          status: practices.status,
        })
        .from(practices)
        .where(inArray(practices.id, [...new Set(ids)]));
      return new Map(rows.map((row) => [row.id, row]));
    },

    /** Every active practice (the campaigns run for each); a suspended one queues nothing. */
    async activePractices(only?: string): Promise<PracticeContext[]> {
      return db
        .select({
          id: practices.id,
          name: practices.name,
          timeZone: practices.timeZone,
          status: practices.status,
        })
        .from(practices)
        .where(and(eq(practices.status, 'active'), only ? eq(practices.id, only) : undefined))
        .orderBy(asc(practices.createdAt));
    },

    /** A practice's pending calls waiting until `from` wait until `to` instead (null: due now); how many moved. */
    async moveNotBefore(practiceId: string, from: Date, to: Date | null): Promise<number> {
      const moved = await db
        .update(outboundCalls)
        .set({ notBefore: to, updatedAt: sql`now()` })
        .where(
          and(
            eq(outboundCalls.practiceId, practiceId),
            eq(outboundCalls.status, 'pending'),
            eq(outboundCalls.notBefore, from),
          ),
        )
        .returning({ id: outboundCalls.id });
      return moved.length;
    },
  };
}

export type OutboundCallsRepo = ReturnType<typeof createOutboundCallsRepo>;
