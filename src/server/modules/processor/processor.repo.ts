import { and, desc, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import type { StoredCallAnalysis } from '#shared/schemas/calls';
import type { CallProcessingState } from '#shared/schemas/processor';
import type { Db, Queryable, Tx } from '../../db/client';
import { callProcessing, calls } from '../../db/schema/index';

/** The few call fields the processor reads (the calls table is owned by the calls module). */
export interface CallForProcessing {
  id: string;
  /** The voice platform's call id. */
  providerId: string | null;
  startedAt: Date | null;
  endedAt: Date | null;
  durationSeconds: number | null;
  customerName: string | null;
  customerNumber: string | null;
  transcript: string | null;
  /** The platform's analysis, with its extraction of the request (`structuredData`) when it made one. */
  analysis: StoredCallAnalysis | null;
}

export interface ProcessingRecord {
  callId: string;
  state: CallProcessingState;
  confirmationNumber: string | null;
  reason: string | null;
  appointmentType: string | null;
  date: string | null;
  time: string | null;
}

const callColumns = {
  id: calls.id,
  startedAt: calls.startedAt,
  endedAt: calls.endedAt,
  durationSeconds: calls.durationSeconds,
  customerName: calls.customerName,
  customerNumber: calls.customerNumber,
  providerId: calls.providerId,
  transcript: calls.transcript,
  analysis: calls.analysis,
};
const ended = and(eq(calls.status, 'ended'), isNotNull(calls.transcript));
const ofPractice = (practiceId: string) => eq(calls.practiceId, practiceId);

export function createProcessorRepo(db: Db) {
  return {
    async call(practiceId: string, id: string): Promise<CallForProcessing | undefined> {
      const [row] = await db
        .select(callColumns)
        .from(calls)
        .where(and(ofPractice(practiceId), eq(calls.id, id)));
      return row;
    },

    /** The newest ended calls with a transcript, with what the processor recorded for each (if anything). */
    async endedCalls(
      practiceId: string,
      limit: number,
    ): Promise<(CallForProcessing & { record: ProcessingRecord | null })[]> {
      const rows = await db
        .select({ call: callColumns, record: callProcessing })
        .from(calls)
        .leftJoin(callProcessing, eq(callProcessing.callId, calls.id))
        .where(and(ofPractice(practiceId), ended))
        .orderBy(desc(calls.endedAt), desc(calls.createdAt))
        .limit(limit);
      return rows.map(({ call, record }) => ({ ...call, record: record && toRecord(record) }));
    },

    /** The newest ended calls the processor has not run on yet. */
    async unprocessed(practiceId: string, limit: number): Promise<CallForProcessing[]> {
      const rows = await db
        .select(callColumns)
        .from(calls)
        .leftJoin(callProcessing, eq(callProcessing.callId, calls.id))
        .where(and(ofPractice(practiceId), ended, isNull(callProcessing.callId)))
        .orderBy(desc(calls.endedAt), desc(calls.createdAt))
        .limit(limit);
      return rows;
    },

    async record(practiceId: string, callId: string): Promise<ProcessingRecord | undefined> {
      const [row] = await db
        .select()
        .from(callProcessing)
        .where(and(eq(callProcessing.practiceId, practiceId), eq(callProcessing.callId, callId)));
      return row && toRecord(row);
    },

    async records(practiceId: string, callIds: string[]): Promise<ProcessingRecord[]> {
      if (callIds.length === 0) return [];
      const rows = await db
        .select()
        .from(callProcessing)
        .where(and(eq(callProcessing.practiceId, practiceId), inArray(callProcessing.callId, callIds)));
      return rows.map(toRecord);
    },

    /**
     * Writes the outcome; a booked call keeps its booking whatever a later run finds. `then` runs in the same
     * transaction (the durable events of the outcome commit with it).
     */
    async save(
      practiceId: string,
      record: ProcessingRecord,
      then?: (tx: Tx, saved: ProcessingRecord) => Promise<void>,
    ): Promise<ProcessingRecord> {
      const write = async (q: Queryable) => {
        const [row] = await q
          .insert(callProcessing)
          .values({ ...record, practiceId })
          .onConflictDoUpdate({
            target: callProcessing.callId,
            set: { ...record, processedAt: new Date() },
            setWhere: and(eq(callProcessing.practiceId, practiceId), ne(callProcessing.state, 'booked')),
          })
          .returning();
        if (row) return toRecord(row);
        const [kept] = await q
          .select()
          .from(callProcessing)
          .where(and(eq(callProcessing.practiceId, practiceId), eq(callProcessing.callId, record.callId)));
        return toRecord(kept!);
      };
      if (!then) return write(db);
      return db.transaction(async (tx) => {
        const saved = await write(tx);
        await then(tx, saved);
        return saved;
      });
    },
  };
}

function toRecord(row: typeof callProcessing.$inferSelect): ProcessingRecord {
  return {
    callId: row.callId,
    state: row.state,
    confirmationNumber: row.confirmationNumber,
    reason: row.reason,
    appointmentType: row.appointmentType,
    date: row.date,
    time: row.time,
  };
}

export type ProcessorRepo = ReturnType<typeof createProcessorRepo>;
