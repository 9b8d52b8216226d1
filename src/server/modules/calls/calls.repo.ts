import { desc, eq, sql } from 'drizzle-orm';
import type { CallSummary } from '#shared/schemas/calls';
import type { TableChanges } from '../../db/changes';
import type { Db } from '../../db/client';
import { createReadCache } from '../../db/read-cache';
import { assistants, calls, phoneNumbers } from '../../db/schema/index';
import type { Scope } from '../scope';

/** The list answers the newest calls first; older ones belong to a paged view. */
export const CALL_LIST_LIMIT = 1000;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

type Row = Awaited<ReturnType<ReturnType<typeof listQuery>['execute']>>[number];

function listQuery(db: Db, scoped: boolean) {
  return db
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
      successEvaluation: sql<string | boolean | null>`${calls.analysis} -> 'successEvaluation'`,
      createdAt: calls.createdAt,
    })
    .from(calls)
    .leftJoin(phoneNumbers, eq(phoneNumbers.id, calls.phoneNumberId))
    .leftJoin(assistants, eq(assistants.id, calls.assistantId))
    .where(scoped ? sql`${calls.phoneNumberId} = any(${sql.placeholder('numberIds')}::uuid[])` : undefined)
    .orderBy(desc(calls.createdAt))
    .limit(CALL_LIST_LIMIT)
    .prepare(scoped ? 'calls_list_scoped' : 'calls_list_all');
}

function toSummary(row: Row): CallSummary {
  return {
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
    analysis: { successEvaluation: row.successEvaluation ?? null },
    createdAt: row.createdAt.toISOString(),
  };
}

export function createCallsRepo(db: Db, changes?: TableChanges) {
  const all = listQuery(db, false);
  const scoped = listQuery(db, true);
  const lists = createReadCache<CallSummary[]>(changes, [calls, phoneNumbers, assistants], {
    max: 200,
  });
  return {
    async list(numberScope: Scope): Promise<CallSummary[]> {
      if (numberScope !== null && numberScope.length === 0) return [];
      const key = numberScope === null ? '*' : [...numberScope].sort().join(',');
      return lists.get(key, async () => {
        const rows =
          numberScope === null ? await all.execute() : await scoped.execute({ numberIds: [...numberScope] });
        return rows.map(toSummary);
      });
    },
  };
}
