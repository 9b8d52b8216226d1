import { desc, eq } from 'drizzle-orm';
import type { CallSummary } from '#shared/schemas/calls';
import type { Db } from '../../db/client';
import { assistants, calls, phoneNumbers } from '../../db/schema/index';
import { inScope } from '../../db/scope-filter';
import type { Scope } from '../scope';

/** The list answers the newest calls first; older ones belong to a paged view. */
export const CALL_LIST_LIMIT = 1000;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function createCallsRepo(db: Db) {
  return {
    async list(numberScope: Scope): Promise<CallSummary[]> {
      const rows = await db
        .select({
          id: calls.id,
          status: calls.status,
          type: calls.type,
          startedAt: calls.startedAt,
          endedAt: calls.endedAt,
          duration: calls.durationSeconds,
          endedReason: calls.endedReason,
          cost: calls.cost,
          customerName: calls.customerName,
          customerNumber: calls.customerNumber,
          phoneNumberId: calls.phoneNumberId,
          number: phoneNumbers.number,
          assistantId: calls.assistantId,
          assistantName: assistants.name,
          analysis: calls.analysis,
          createdAt: calls.createdAt,
        })
        .from(calls)
        .leftJoin(phoneNumbers, eq(phoneNumbers.id, calls.phoneNumberId))
        .leftJoin(assistants, eq(assistants.id, calls.assistantId))
        .where(inScope(calls.phoneNumberId, numberScope))
        .orderBy(desc(calls.createdAt))
        .limit(CALL_LIST_LIMIT);
      return rows.map((row) => ({
        id: row.id,
        status: row.status,
        type: row.type as CallSummary['type'],
        startedAt: iso(row.startedAt),
        endedAt: iso(row.endedAt),
        duration: row.duration,
        endedReason: row.endedReason,
        cost: row.cost,
        customer: { name: row.customerName, number: row.customerNumber },
        phoneNumber: { id: row.phoneNumberId, number: row.number },
        assistant: { id: row.assistantId, name: row.assistantName },
        analysis: { successEvaluation: row.analysis?.successEvaluation ?? null },
        createdAt: row.createdAt.toISOString(),
      }));
    },
  };
}
