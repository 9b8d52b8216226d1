import { and, asc, desc, eq, gte, inArray, isNotNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { FOLD_FROM, FOLD_TO, foldForSearch } from '#shared/search-fold';
import type { Intent, MessageKind, MessageStatus, MessagingTemplates } from '#shared/schemas/messaging';
import type { Db, Tx } from '../../db/client';
import {
  conversations,
  messages,
  messagingSettings,
  optOuts,
  type AwaitingCancel,
  type MessageAppointment,
} from '../../db/schema/index';
import type { Scope } from '../scope';

export type SettingsRow = typeof messagingSettings.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

export interface NewOutbound {
  conversationId: string;
  kind: MessageKind;
  body: string;
  fromNumber: string;
  toNumber: string;
  segments: number;
  idempotencyKey: string;
  appointmentRef?: string | null;
  appointment?: MessageAppointment | null;
  sentBy?: string | null;
}

export type Claim = { message: MessageRow } | { waitUntil: Date } | undefined;

/** Campaign kinds count toward the per-patient limits. */
const CAMPAIGN_KINDS: MessageKind[] = ['reminder', 'confirmation', 'followup', 'recall'];
/** Kinds a reply C, N or R acts on: the latest such text's appointment. */
const APPOINTMENT_KINDS: MessageKind[] = ['reminder', 'confirmation', 'booking'];
const LIST_LIMIT = 200;

/** Outbound texts of `kind` to `to` queued since `since` that count against the limits (failed ones do not). */
const textsThatCount = (practiceId: string, to: string, since: Date, kind: SQL) =>
  and(
    eq(messages.practiceId, practiceId),
    eq(messages.toNumber, to),
    gte(messages.createdAt, since),
    eq(messages.direction, 'outbound'),
    kind,
    sql`${messages.status} not in ('failed', 'canceled')`,
  );

const inScope = (scope: Scope): SQL | undefined =>
  scope === null ? undefined : scope.length ? inArray(conversations.phoneNumberId, [...scope]) : sql`false`;

/** Outbound texts the sender may take now: pending and due, or claimed by a sender that died (grace passed). */
const due = (now: Date, staleBefore: Date) =>
  or(
    and(eq(messages.status, 'pending'), or(sql`${messages.notBefore} is null`, lte(messages.notBefore, now))),
    and(eq(messages.status, 'sending'), lt(messages.claimedAt, staleBefore)),
  );

/** Rows per insert of queued texts (each takes 14 parameters). */
export const OUTBOUND_BATCH = 1_000;

export function createMessagingRepo(db: Db) {
  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    async settings(practiceId: string): Promise<SettingsRow | undefined> {
      const [row] = await db
        .select()
        .from(messagingSettings)
        .where(eq(messagingSettings.practiceId, practiceId));
      return row;
    },

    async saveSettings(
      practiceId: string,
      patch: {
        senderNumber?: string | null;
        templates?: Partial<MessagingTemplates>;
        bookingConfirmation?: boolean;
        callOnReschedule?: boolean;
      },
      now: Date,
    ): Promise<SettingsRow> {
      const [row] = await db
        .insert(messagingSettings)
        .values({ practiceId, ...patch, updatedAt: now })
        .onConflictDoUpdate({ target: messagingSettings.practiceId, set: { ...patch, updatedAt: now } })
        .returning();
      return row!;
    },

    async conversation(
      practiceId: string,
      id: string,
      scope: Scope = null,
    ): Promise<ConversationRow | undefined> {
      const [row] = await db
        .select()
        .from(conversations)
        .where(and(eq(conversations.practiceId, practiceId), eq(conversations.id, id), inScope(scope)));
      return row;
    },

    async conversationByNumber(practiceId: string, phoneNumber: string, executor: Db | Tx = db) {
      const [row] = await executor
        .select()
        .from(conversations)
        .where(and(eq(conversations.practiceId, practiceId), eq(conversations.phoneNumber, phoneNumber)));
      return row;
    },

    /** The thread of a patient number, created on first contact; a name or our number learnt later is kept. */
    async ensureConversation(
      practiceId: string,
      thread: {
        phoneNumber: string;
        phoneNumberId: string | null;
        patientId?: string | null;
        patientName?: string | null;
      },
      executor: Db | Tx = db,
    ): Promise<ConversationRow> {
      const [row] = await executor
        .insert(conversations)
        .values({ practiceId, ...thread })
        .onConflictDoUpdate({
          target: [conversations.practiceId, conversations.phoneNumber],
          set: {
            patientId: sql`coalesce(${conversations.patientId}, excluded.patient_id)`,
            patientName: sql`coalesce(${conversations.patientName}, excluded.patient_name)`,
            phoneNumberId: sql`coalesce(excluded.phone_number_id, ${conversations.phoneNumberId})`,
          },
        })
        .returning();
      return row!;
    },

    async updateConversation(
      practiceId: string,
      id: string,
      patch: {
        lastMessage?: string;
        lastMessageAt?: Date;
        unreadBy?: number;
        unread?: number;
        suggestedIntent?: Intent | null;
        awaitingCancel?: AwaitingCancel | null;
      },
      executor: Db | Tx = db,
    ): Promise<void> {
      const { unreadBy, ...rest } = patch;
      await executor
        .update(conversations)
        .set({
          ...rest,
          ...(unreadBy !== undefined && { unread: sql`${conversations.unread} + ${unreadBy}` }),
        })
        .where(and(eq(conversations.practiceId, practiceId), eq(conversations.id, id)));
    },

    /** Stores an inbound text once per vendor id: undefined when it was stored before (a retried webhook). */
    async insertInbound(
      tx: Tx,
      practiceId: string,
      text: {
        conversationId: string;
        body: string;
        fromNumber: string;
        toNumber: string;
        providerId: string;
        createdAt: Date;
      },
    ): Promise<MessageRow | undefined> {
      const [row] = await tx
        .insert(messages)
        .values({
          practiceId,
          ...text,
          direction: 'inbound',
          kind: 'reply',
          status: 'received',
          updatedAt: text.createdAt,
        })
        .onConflictDoNothing({ target: messages.providerId })
        .returning();
      return row;
    },

    /** Queues outbound texts; one whose idempotency key the practice used before is left out. */
    async insertOutbound(tx: Tx, practiceId: string, rows: NewOutbound[], now: Date) {
      const stored: MessageRow[] = [];
      // In batches: one statement takes at most 65,535 parameters, and a campaign may text thousands.
      for (let start = 0; start < rows.length; start += OUTBOUND_BATCH) {
        const batch = rows.slice(start, start + OUTBOUND_BATCH).map((row) => ({
          practiceId,
          ...row,
          direction: 'outbound' as const,
          status: 'pending' as const,
          createdAt: now,
          updatedAt: now,
        }));
        stored.push(
          ...(await tx
            .insert(messages)
            .values(batch)
            .onConflictDoNothing({ target: [messages.practiceId, messages.idempotencyKey] })
            .returning()),
        );
      }
      return stored;
    },

    async byKey(practiceId: string, idempotencyKey: string): Promise<MessageRow | undefined> {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.practiceId, practiceId), eq(messages.idempotencyKey, idempotencyKey)));
      return row;
    },

    /** Whether the patient wrote on the number since `since`. */
    async answeredSince(practiceId: string, conversationId: string, since: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(
          and(
            eq(messages.practiceId, practiceId),
            eq(messages.conversationId, conversationId),
            eq(messages.direction, 'inbound'),
            gte(messages.createdAt, since),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    /** Campaign texts to a number since the practice-local day began and in the last 7 days (failed ones not). */
    async campaignCounts(practiceId: string, to: string, dayStart: Date, weekStart: Date) {
      const [row] = await db
        .select({
          today: sql<number>`count(*) filter (where ${messages.createdAt} >= ${dayStart})::int`,
          week: sql<number>`count(*)::int`,
        })
        .from(messages)
        .where(textsThatCount(practiceId, to, weekStart, inArray(messages.kind, CAMPAIGN_KINDS)));
      return { today: row?.today ?? 0, week: row?.week ?? 0 };
    },

    /** Whether a text of `kind` to `to` was queued since `since` (one that failed does not count). */
    async sentSince(practiceId: string, to: string, kind: MessageKind, since: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(textsThatCount(practiceId, to, since, eq(messages.kind, kind)))
        .limit(1);
      return row !== undefined;
    },

    async optedOut(practiceId: string, phoneNumbers: readonly string[]): Promise<Set<string>> {
      if (!phoneNumbers.length) return new Set();
      const rows = await db
        .select({ phoneNumber: optOuts.phoneNumber })
        .from(optOuts)
        .where(and(eq(optOuts.practiceId, practiceId), inArray(optOuts.phoneNumber, [...phoneNumbers])));
      return new Set(rows.map((row) => row.phoneNumber));
    },

    async addOptOut(
      practiceId: string,
      phoneNumber: string,
      keyword: string,
      messageId: string | null,
      at: Date,
    ) {
      await db
        .insert(optOuts)
        .values({ practiceId, phoneNumber, keyword, messageId, optedOutAt: at })
        .onConflictDoNothing();
    },

    async removeOptOut(practiceId: string, phoneNumber: string) {
      await db
        .delete(optOuts)
        .where(and(eq(optOuts.practiceId, practiceId), eq(optOuts.phoneNumber, phoneNumber)));
    },

    listOptOuts: (practiceId: string) =>
      db
        .select({ phoneNumber: optOuts.phoneNumber, keyword: optOuts.keyword, at: optOuts.optedOutAt })
        .from(optOuts)
        .where(eq(optOuts.practiceId, practiceId))
        .orderBy(desc(optOuts.optedOutAt), asc(optOuts.phoneNumber)),

    /** The latest text of the thread about an appointment (a reminder, confirmation or booking). */
    async latestAppointmentText(practiceId: string, conversationId: string): Promise<MessageRow | undefined> {
      const [row] = await db
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.practiceId, practiceId),
            eq(messages.conversationId, conversationId),
            eq(messages.direction, 'outbound'),
            inArray(messages.kind, APPOINTMENT_KINDS),
            isNotNull(messages.appointmentRef),
          ),
        )
        .orderBy(desc(messages.createdAt))
        .limit(1);
      return row;
    },

    /** Newest first; `q` matches the patient's name (any case and accents) or the number's digits. */
    async listConversations(practiceId: string, scope: Scope, q: string | undefined) {
      const term = q ? foldForSearch(q).replace(/[\\%_]/g, '\\$&') : '';
      const digits = q?.replace(/\D/g, '') ?? '';
      const search = term
        ? or(
            sql`translate(lower(${conversations.patientName}), ${FOLD_FROM}, ${FOLD_TO}) like ${`%${term}%`}`,
            digits.length >= 3 ? sql`${conversations.phoneNumber} like ${`%${digits}%`}` : undefined,
          )
        : undefined;
      return db
        .select({
          conversation: conversations,
          optedOut: sql<boolean>`${optOuts.phoneNumber} is not null`,
        })
        .from(conversations)
        .leftJoin(
          optOuts,
          and(
            eq(optOuts.practiceId, conversations.practiceId),
            eq(optOuts.phoneNumber, conversations.phoneNumber),
          ),
        )
        .where(and(eq(conversations.practiceId, practiceId), inScope(scope), search))
        .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
        .limit(LIST_LIMIT);
    },

    async isOptedOut(practiceId: string, phoneNumber: string): Promise<boolean> {
      const [row] = await db
        .select({ phoneNumber: optOuts.phoneNumber })
        .from(optOuts)
        .where(and(eq(optOuts.practiceId, practiceId), eq(optOuts.phoneNumber, phoneNumber)));
      return Boolean(row);
    },

    messagesOf: (practiceId: string, conversationId: string) =>
      db
        .select()
        .from(messages)
        .where(and(eq(messages.practiceId, practiceId), eq(messages.conversationId, conversationId)))
        .orderBy(asc(messages.createdAt), asc(messages.id)),

    async unread(practiceId: string, scope: Scope): Promise<number> {
      const [row] = await db
        .select({ unread: sql<number>`coalesce(sum(${conversations.unread}), 0)::int` })
        .from(conversations)
        .where(and(eq(conversations.practiceId, practiceId), inScope(scope)));
      return row?.unread ?? 0;
    },

    // The outbox (the sender job).

    /** Practices with texts the sender may take now. */
    async practicesWithDueTexts(now: Date, staleBefore: Date, practiceId?: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ practiceId: messages.practiceId })
        .from(messages)
        .where(
          and(
            inArray(messages.status, ['pending', 'sending']),
            due(now, staleBefore),
            practiceId ? eq(messages.practiceId, practiceId) : undefined,
          ),
        );
      return rows.map((row) => row.practiceId);
    },

    /**
     * Takes the practice's oldest due text for sending (`sending`, `claimed_at`) if its sender's pace allows:
     * the settings row, locked for the claim, holds when the sender may take its next text, moved on by the
     * text's segments at `segmentsPerSecond`. Senders in other processes wait on the same row, so the pace
     * holds across instances.
     */
    async claimNext(
      practiceId: string,
      now: Date,
      staleBefore: Date,
      segmentsPerSecond: number,
    ): Promise<Claim> {
      return db.transaction(async (tx) => {
        const [pace] = await tx
          .select({ nextSendAt: messagingSettings.nextSendAt })
          .from(messagingSettings)
          .where(eq(messagingSettings.practiceId, practiceId))
          .for('update');
        if (pace?.nextSendAt && pace.nextSendAt > now) return { waitUntil: pace.nextSendAt };
        const [candidate] = await tx
          .select({ id: messages.id })
          .from(messages)
          .where(
            and(
              eq(messages.practiceId, practiceId),
              inArray(messages.status, ['pending', 'sending']),
              due(now, staleBefore),
            ),
          )
          .orderBy(asc(messages.createdAt), asc(messages.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!candidate) return undefined;
        const [message] = await tx
          .update(messages)
          .set({
            status: 'sending',
            claimedAt: now,
            attempts: sql`${messages.attempts} + 1`,
            updatedAt: now,
          })
          .where(eq(messages.id, candidate.id))
          .returning();
        const paceMs = Math.ceil((message!.segments * 1000) / segmentsPerSecond);
        await tx
          .update(messagingSettings)
          .set({ nextSendAt: new Date(now.getTime() + paceMs) })
          .where(eq(messagingSettings.practiceId, practiceId));
        return { message: message! };
      });
    },

    /** The vendor took the text: its id and status (never back from a status a report already gave). */
    async markSent(id: string, providerId: string, status: MessageStatus, now: Date) {
      await db
        .update(messages)
        .set({ providerId, status, updatedAt: now })
        .where(and(eq(messages.id, id), eq(messages.status, 'sending')));
    },

    async markFailed(id: string, errorCode: number | null, now: Date, status: MessageStatus = 'failed') {
      await db.update(messages).set({ status, errorCode, updatedAt: now }).where(eq(messages.id, id));
    },

    async retryLater(id: string, notBefore: Date, now: Date, undoAttempt = false) {
      await db
        .update(messages)
        .set({
          status: 'pending',
          notBefore,
          claimedAt: null,
          updatedAt: now,
          ...(undoAttempt && { attempts: sql`greatest(${messages.attempts} - 1, 0)` }),
        })
        .where(eq(messages.id, id));
    },

    /** Vendor ids of texts on their way (taken by the vendor, not yet delivered or failed), newest first. */
    async textsOnTheirWay(limit: number): Promise<string[]> {
      const rows = await db
        .select({ providerId: messages.providerId })
        .from(messages)
        .where(and(inArray(messages.status, ['queued', 'sending', 'sent']), isNotNull(messages.providerId)))
        .orderBy(desc(messages.updatedAt))
        .limit(limit);
      return rows.map((row) => row.providerId!);
    },

    /** A delivery report: the status moves forward only (`advance`); unknown ids change nothing. */
    async reportStatus(
      providerId: string,
      advance: (current: MessageStatus) => MessageStatus,
      errorCode: number | null,
      now: Date,
    ): Promise<MessageRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(messages)
          .where(eq(messages.providerId, providerId))
          .for('update');
        if (!row) return undefined;
        const status = advance(row.status);
        if (status === row.status) return row;
        const failed = status === 'failed' || status === 'undelivered';
        const [updated] = await tx
          .update(messages)
          .set({ status, updatedAt: now, ...(failed && errorCode !== null && { errorCode }) })
          .where(eq(messages.id, row.id))
          .returning();
        return updated;
      });
    },
  };
}

export type MessagingRepo = ReturnType<typeof createMessagingRepo>;
