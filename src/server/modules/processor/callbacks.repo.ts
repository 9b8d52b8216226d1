import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Callback, CallbackStatus } from '#shared/schemas/callbacks';
import type { Db } from '../../db/client';
import { callbacks, callProcessing, calls, providerWorkingHours, users } from '../../db/schema/index';
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

export type NewCallback = Omit<typeof callbacks.$inferInsert, 'id' | 'status' | 'createdAt'>;

const columns = {
  id: callbacks.id,
  callId: callbacks.callId,
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
  callId: row.callId!,
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

const inScope = callsInScope;

export function createCallbacksRepo(db: Db) {
  const select = () =>
    db
      .select(columns)
      .from(callbacks)
      .innerJoin(calls, eq(calls.id, callbacks.callId))
      .leftJoin(users, eq(users.id, callbacks.takenBy));
  return {
    /** Ended inbound calls with a transcript that have no task yet (newest first), or just `callId`. */
    async candidates(limit: number, callId?: string): Promise<CallbackCandidate[]> {
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
            eq(calls.status, 'ended'),
            eq(calls.type, 'inboundPhoneCall'),
            isNotNull(calls.transcript),
            isNull(callbacks.id),
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
    async insert(tasks: NewCallback[]): Promise<{ id: string; callId: string }[]> {
      if (tasks.length === 0) return [];
      return db
        .insert(callbacks)
        .values(tasks)
        .onConflictDoNothing({ target: callbacks.callId })
        .returning({ id: callbacks.id, callId: callbacks.callId });
    },

    /** Weekly opening hours: any provider working counts as open. */
    async openingHours(): Promise<{ weekday: number; startMinute: number; endMinute: number }[]> {
      return db
        .select({
          weekday: providerWorkingHours.weekday,
          startMinute: providerWorkingHours.startMinute,
          endMinute: providerWorkingHours.endMinute,
        })
        .from(providerWorkingHours);
    },

    async list(status: CallbackStatus | undefined, scope: CallScope): Promise<Callback[]> {
      const rows = await select()
        .where(and(status ? eq(callbacks.status, status) : undefined, inScope(scope)))
        .orderBy(asc(callbacks.dueAt), asc(callbacks.createdAt));
      return rows.map(toCallback);
    },

    async get(id: string, scope: CallScope): Promise<Callback | undefined> {
      const [row] = await select().where(and(eq(callbacks.id, id), inScope(scope)));
      return row && toCallback(row);
    },

    async update(
      id: string,
      patch: Partial<Pick<typeof callbacks.$inferInsert, 'status' | 'takenBy' | 'note' | 'closedAt'>>,
    ): Promise<void> {
      await db.update(callbacks).set(patch).where(eq(callbacks.id, id));
    },

    /** The processor booked the call: its open task is done. */
    async closeForCall(callId: string, note: string): Promise<void> {
      await db
        .update(callbacks)
        .set({ status: 'done', note, closedAt: new Date() })
        .where(and(eq(callbacks.callId, callId), eq(callbacks.status, 'open')));
    },
  };
}
export type CallbacksRepo = ReturnType<typeof createCallbacksRepo>;
