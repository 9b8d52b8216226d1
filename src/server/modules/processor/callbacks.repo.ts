import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Callback, CallbackStatus } from '#shared/schemas/callbacks';
import type { Db } from '../../db/client';
import {
  callbacks,
  callProcessing,
  calls,
  phoneNumbers,
  providerWorkingHours,
  userAssistants,
  userPermissions,
  userPhoneNumbers,
  users,
} from '../../db/schema/index';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/pg-errors';
import { callsInScope, type CallScope } from '../scope';

export interface CallbackCandidate {
  id: string;
  startedAt: Date | null;
  endedAt: Date | null;
  durationSeconds: number | null;
  customerName: string | null;
  customerNumber: string | null;
  transcript: string;
  bookedByProcessor: boolean;
  /** The platform's extraction of the request (ADR 046), as stored with the call. */
  structuredData: unknown;
}

export type NewCallback = Omit<typeof callbacks.$inferInsert, 'id' | 'practiceId' | 'status' | 'createdAt'>;

const columns = {
  id: callbacks.id,
  callId: callbacks.callId,
  conversationId: callbacks.conversationId,
  callerName: callbacks.callerName,
  callerNumber: callbacks.callerNumber,
  appointmentType: callbacks.appointmentType,
  preferredDate: callbacks.preferredDate,
  preferredTime: callbacks.preferredTime,
  dueAt: callbacks.dueAt,
  status: callbacks.status,
  takenById: callbacks.takenBy,
  takenByName: users.name,
  note: callbacks.note,
  createdAt: callbacks.createdAt,
  closedAt: callbacks.closedAt,
};
type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null };

const toCallback = (row: Row): Callback => ({
  id: row.id!,
  callId: row.callId,
  conversationId: row.conversationId,
  callerName: row.callerName,
  callerNumber: row.callerNumber,
  appointmentType: row.appointmentType,
  preferredDate: row.preferredDate,
  preferredTime: row.preferredTime,
  dueAt: row.dueAt!.toISOString(),
  status: row.status!,
  takenBy: row.takenById ? { id: row.takenById, name: row.takenByName ?? '' } : null,
  note: row.note,
  createdAt: row.createdAt!.toISOString(),
  closedAt: row.closedAt?.toISOString() ?? null,
});

/**
 * The tasks a scope sees (`undefined`: all): those whose call is in it, and those from a text that came in on one
 * of its numbers (the task's `phoneNumberId`, as Messages scopes the conversation).
 */
function inScope(scope: CallScope): SQL | undefined {
  const byCall = callsInScope(scope);
  if (!scope?.phoneNumbers.length) return byCall;
  return or(byCall, inArray(callbacks.phoneNumberId, [...scope.phoneNumbers]));
}

/**
 * The user in the query sees task `id` with their own scope, as `list` and `get` filter it: the task's call is on
 * one of their numbers or assistants, or its text came in on one of their numbers (`inScope` for that user). A
 * task from a text whose number is not known is seen by admins only, as in the list. Admins and Call Logs are
 * checked by the caller.
 */
const userSeesTask = (practiceId: string, id: string) => sql`exists (
  select 1 from ${callbacks} t left join ${calls} c on c.id = t.call_id
  where t.practice_id = ${practiceId} and t.id = ${id}
    and (exists (select 1 from ${userPhoneNumbers} un
                 where un.user_id = ${users.id} and un.phone_number_id in (c.phone_number_id, t.phone_number_id))
      or exists (select 1 from ${userAssistants} ua
                 where ua.user_id = ${users.id} and ua.assistant_id = c.assistant_id)))`;

/** How many closed tasks the Closed filter shows: the most recently closed. */
export const CLOSED_LIST_LIMIT = 200;

/** The practice's task `id` (another practice's is simply not there). */
const task = (practiceId: string, id: string) =>
  and(eq(callbacks.practiceId, practiceId), eq(callbacks.id, id));

export function createCallbacksRepo(db: Db) {
  const select = () =>
    db
      .select(columns)
      .from(callbacks)
      .leftJoin(calls, eq(calls.id, callbacks.callId))
      .leftJoin(users, eq(users.id, callbacks.takenBy));
  return {
    /** Ended inbound calls with a transcript that have no task yet (newest first), or just `callId`. */
    async candidates(practiceId: string, limit: number, callId?: string): Promise<CallbackCandidate[]> {
      const rows = await db
        .select({
          id: calls.id,
          startedAt: calls.startedAt,
          endedAt: calls.endedAt,
          durationSeconds: calls.durationSeconds,
          customerName: calls.customerName,
          customerNumber: calls.customerNumber,
          transcript: calls.transcript,
          analysis: calls.analysis,
          processedState: callProcessing.state,
        })
        .from(calls)
        .leftJoin(callbacks, eq(callbacks.callId, calls.id))
        .leftJoin(callProcessing, eq(callProcessing.callId, calls.id))
        .where(
          and(
            eq(calls.practiceId, practiceId),
            eq(calls.status, 'ended'),
            eq(calls.type, 'inboundPhoneCall'),
            isNotNull(calls.transcript),
            isNull(callbacks.id),
            // A task a tool call opened during the call, not linked yet, is the call's task too.
            sql`not exists (select 1 from ${callbacks} t where t.practice_id = ${calls.practiceId}
                              and t.provider_call_id = ${calls.providerId})`,
            callId ? eq(calls.id, callId) : undefined,
          ),
        )
        .orderBy(sql`${calls.endedAt} desc nulls last`)
        .limit(limit);
      return rows.map(({ processedState, transcript, analysis, ...call }) => ({
        ...call,
        transcript: transcript!,
        structuredData: analysis?.structuredData,
        bookedByProcessor: processedState === 'booked',
      }));
    },

    /** Creates the tasks; a call that already has one keeps it. */
    async insert(practiceId: string, tasks: NewCallback[]): Promise<{ id: string; callId: string | null }[]> {
      if (tasks.length === 0) return [];
      return db
        .insert(callbacks)
        .values(tasks.map((t) => ({ ...t, practiceId })))
        .onConflictDoNothing({ target: callbacks.callId })
        .returning({ id: callbacks.id, callId: callbacks.callId });
    },

    /**
     * A task for a text conversation (a reply R), with our number it came in on, unless one is open for it
     * already: returns the open one's id, or the new one's.
     */
    async openForConversation(
      practiceId: string,
      task: Pick<
        NewCallback,
        'conversationId' | 'phoneNumberId' | 'callerName' | 'callerNumber' | 'note' | 'dueAt'
      > & {
        conversationId: string;
      },
    ): Promise<{ id: string; created: boolean }> {
      return db.transaction(async (tx) => {
        // One at a time per conversation, so two R replies at once open one task.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`callback:${task.conversationId}`}))`);
        const [open] = await tx
          .select({ id: callbacks.id })
          .from(callbacks)
          .where(
            and(
              eq(callbacks.practiceId, practiceId),
              eq(callbacks.conversationId, task.conversationId),
              eq(callbacks.status, 'open'),
            ),
          );
        if (open) return { id: open.id, created: false };
        const { phoneNumberId, ...rest } = task;
        const [row] = await tx
          .insert(callbacks)
          .values({
            ...rest,
            practiceId,
            // Only a number the practice still holds (the conversation's may have been deleted since).
            phoneNumberId: phoneNumberId
              ? sql`(select ${phoneNumbers.id} from ${phoneNumbers}
                     where ${phoneNumbers.id} = ${phoneNumberId} and ${phoneNumbers.practiceId} = ${practiceId})`
              : null,
          })
          .returning({ id: callbacks.id });
        return { id: row!.id, created: true };
      });
    },

    /**
     * A task for a call (by the voice platform's call id) unless the call has one already. A call not stored yet
     * is named by its platform id on the task, and linked when it is stored (`linkToCalls`).
     */
    async openForCall(
      practiceId: string,
      providerCallId: string | null,
      task: Pick<NewCallback, 'callerName' | 'callerNumber' | 'note' | 'dueAt'>,
    ): Promise<{ id: string; created: boolean }> {
      const [call] = providerCallId
        ? await db
            .select({ id: calls.id })
            .from(calls)
            .where(and(eq(calls.practiceId, practiceId), eq(calls.providerId, providerCallId)))
        : [];
      const [row] = await db
        .insert(callbacks)
        .values({ ...task, practiceId, callId: call?.id ?? null, providerCallId })
        .onConflictDoNothing()
        .returning({ id: callbacks.id });
      if (row) return { id: row.id, created: true };
      // Only a call's id or its platform id can conflict: the task the call has already.
      const [existing] = await db
        .select({ id: callbacks.id })
        .from(callbacks)
        .where(
          and(
            eq(callbacks.practiceId, practiceId),
            or(
              call && eq(callbacks.callId, call.id),
              providerCallId === null ? undefined : eq(callbacks.providerCallId, providerCallId),
            ),
          ),
        );
      return { id: existing!.id, created: false };
    },

    /**
     * Links the tasks tool calls opened before their call was stored to the call, now stored (all the practice's,
     * or those of one call). A call that has a task of its own meanwhile keeps it.
     */
    async linkToCalls(practiceId: string, callId?: string): Promise<void> {
      try {
        await db.execute(sql`
          update ${callbacks} t set call_id = c.id
          from ${calls} c
          where t.practice_id = ${practiceId} and t.call_id is null and t.provider_call_id is not null
            and c.practice_id = t.practice_id and c.provider_id = t.provider_call_id
            ${callId ? sql`and c.id = ${callId}` : sql``}
            and not exists (select 1 from ${callbacks} o where o.call_id = c.id)`);
      } catch (error) {
        // The inbox created the call's task at the same moment: that one stays the call's.
        if (pgErrorCode(error) !== UNIQUE_VIOLATION) throw error;
      }
    },

    /** Weekly opening hours: any provider working counts as open. */
    async openingHours(
      practiceId: string,
    ): Promise<{ weekday: number; startMinute: number; endMinute: number }[]> {
      return db
        .select({
          weekday: providerWorkingHours.weekday,
          startMinute: providerWorkingHours.startMinute,
          endMinute: providerWorkingHours.endMinute,
        })
        .from(providerWorkingHours)
        .where(eq(providerWorkingHours.practiceId, practiceId));
    },

    /** Open tasks oldest due first; closed ones most recently closed first. `takenBy`: only this user's. */
    async list(
      practiceId: string,
      filter: { status: CallbackStatus | undefined; takenBy?: string },
      scope: CallScope,
    ): Promise<Callback[]> {
      const query = select().where(
        and(
          eq(callbacks.practiceId, practiceId),
          filter.status ? eq(callbacks.status, filter.status) : undefined,
          filter.takenBy ? eq(callbacks.takenBy, filter.takenBy) : undefined,
          inScope(scope),
        ),
      );
      const rows =
        filter.status === 'done'
          ? await query.orderBy(desc(callbacks.closedAt), desc(callbacks.createdAt)).limit(CLOSED_LIST_LIMIT)
          : await query.orderBy(asc(callbacks.dueAt), asc(callbacks.createdAt));
      return rows.map(toCallback);
    },

    /**
     * Gives the task to `userId` in one conditional UPDATE, only while it is free or already theirs (`from`
     * given: only while `from` holds it or it is free; `from` null: whoever holds it). Two people taking one
     * task at once: the second UPDATE waits for the first's row lock, then finds the task no longer free.
     */
    async assign(
      practiceId: string,
      id: string,
      userId: string | null,
      from: string | null,
    ): Promise<boolean> {
      const rows = await db
        .update(callbacks)
        .set({ takenBy: userId })
        .where(
          and(
            task(practiceId, id),
            from === null ? undefined : or(isNull(callbacks.takenBy), eq(callbacks.takenBy, from)),
          ),
        )
        .returning({ id: callbacks.id });
      return rows.length > 0;
    },

    /**
     * Active users who see the callback inbox: admins and users with Call Logs; with `taskId`, only those who
     * see that task (admins, and sub users assigned the number or assistant of its call, or the number its text
     * came in on).
     */
    async assignees(practiceId: string, taskId?: string): Promise<{ id: string; name: string }[]> {
      return db
        .select({ id: users.id, name: users.name })
        .from(users)
        .leftJoin(userPermissions, eq(userPermissions.userId, users.id))
        .where(
          and(
            eq(users.practiceId, practiceId),
            eq(users.isActive, true),
            or(
              eq(users.role, 'admin'),
              and(
                eq(userPermissions.canCallLogs, true),
                taskId === undefined ? undefined : userSeesTask(practiceId, taskId),
              ),
            ),
          ),
        )
        .orderBy(asc(users.name));
    },

    async get(practiceId: string, id: string, scope: CallScope): Promise<Callback | undefined> {
      const [row] = await select().where(and(task(practiceId, id), inScope(scope)));
      return row && toCallback(row);
    },

    async update(
      practiceId: string,
      id: string,
      patch: Partial<Pick<typeof callbacks.$inferInsert, 'status' | 'note' | 'closedAt'>>,
    ): Promise<void> {
      await db.update(callbacks).set(patch).where(task(practiceId, id));
    },

    /**
     * Closes the task (with `note`, when given) in one conditional UPDATE, only while it is open: false when it
     * was closed already. Two people closing it at once: the second waits for the first's row lock, then finds
     * it closed, and the first note stays.
     */
    async close(practiceId: string, id: string, closedAt: Date, note?: string): Promise<boolean> {
      const rows = await db
        .update(callbacks)
        .set({ status: 'done', closedAt, ...(note !== undefined && { note }) })
        .where(and(task(practiceId, id), eq(callbacks.status, 'open')))
        .returning({ id: callbacks.id });
      return rows.length > 0;
    },

    /** Adds `line` after the task's note (a booking made while someone else closed the task). */
    async addToNote(practiceId: string, id: string, line: string): Promise<void> {
      await db
        .update(callbacks)
        .set({ note: sql`concat_ws(' ', nullif(${callbacks.note}, ''), ${line}::text)` })
        .where(task(practiceId, id));
    },

    /** The processor booked the call: its open task is done. */
    async closeForCall(practiceId: string, callId: string, note: string): Promise<void> {
      await db
        .update(callbacks)
        .set({ status: 'done', note, closedAt: new Date() })
        .where(
          and(
            eq(callbacks.practiceId, practiceId),
            eq(callbacks.callId, callId),
            eq(callbacks.status, 'open'),
          ),
        );
    },
  };
}
export type CallbacksRepo = ReturnType<typeof createCallbacksRepo>;
