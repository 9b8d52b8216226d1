import { randomUUID } from 'node:crypto';
import {
  CALL_STATUSES,
  type CallDetail,
  type CallStats,
  type CallStatus,
  type CallSummary,
} from '#shared/schemas/calls';
import type { Db } from '../../db/client';
import type { PracticeContext } from '../../practice';
import type { CallScope } from '../scope';
import { STATUS_RANK_STEP, type CallReport } from './call-report';
import {
  detailStatement,
  listStatement,
  practiceNumbersStatement,
  statsStatement,
  toDetail,
  toSummary,
  type DetailRow,
  type ListRow,
} from './calls.sql';
import { isUuid } from '../../lib/uuid';

/** `null` = every call; otherwise calls on one of these numbers or assistants (possibly none). */

/** What a search term can mean; each part is optional and they are OR-ed (ADR 028). */
export interface CallSearch {
  /** A whole number in E.164: the customer's, or the practice's number that was called. */
  number?: string;
  /** The last digits (at least 4) of the customer's number or of the practice's number that was called. */
  numberEnding?: string;
  /** Part of the folded customer name (one word: found anywhere in the name). */
  nameFragment?: string;
  /** How the folded customer name begins (two words or more: a full name as staff type it; ADR 060). */
  namePrefix?: string;
  /** The id range a call-id prefix covers. */
  idRange?: { low: string; high: string };
  /**
   * The practice's numbers (ours, in `phone_numbers`) that `number` or `numberEnding` names, found before the
   * list is read (`withPracticeNumbers`): as literal ids the planner knows how many calls they match.
   */
  practiceNumberIds?: string[];
}

export interface CallQuery {
  /** The practice whose calls these are: every query is bounded by it (the first column of every index). */
  practiceId: string;
  scope: CallScope;
  search?: CallSearch;
  status?: CallStatus;
  since?: Date;
}

/** The call as an ingest left it: what listeners need without reading it again. */
export interface StoredCall {
  id: string;
  practiceId: string;
  type: string;
  status: string;
  startedAt: Date | null;
  endedAt: Date | null;
  durationSeconds: number | null;
  transcript: string | null;
}

export interface CallKey {
  createdAt: string;
  id: string;
}

/**
 * The query with the practice's numbers a number search names. Looked up apart (a few rows), because inside the
 * list query an unknown set of numbers made the planner walk every call instead of the caller-number index.
 */
export async function withPracticeNumbers(db: Db, query: CallQuery): Promise<CallQuery> {
  const { search } = query;
  if (!search?.number && !search?.numberEnding) return query;
  const { rows } = await db.$client.query<{ id: string }>(
    practiceNumbersStatement(query.practiceId, search.number, search.numberEnding),
  );
  // Object.assign, not a spread with a field after it: that shape costs Node 20 dearly (ADR 066).
  const practiceNumberIds = rows.map((row) => row.id);
  return Object.assign({}, query, { search: Object.assign({}, search, { practiceNumberIds }) });
}

/**
 * The columns a report fills (ADR 039): the value it brings (`$n` is `upsert`'s parameter), and what a new call
 * holds while no report has said.
 */
const REPORTED: { column: string; value: string; otherwise?: string }[] = [
  { column: 'status', value: '$2::text', otherwise: `'queued'` },
  { column: 'type', value: '$3::text', otherwise: `'inboundPhoneCall'` },
  { column: 'created_at', value: '$4::timestamptz', otherwise: 'now()' },
  { column: 'started_at', value: '$5::timestamptz' },
  { column: 'ended_at', value: '$6::timestamptz' },
  { column: 'duration_seconds', value: '$7::float8' },
  { column: 'ended_reason', value: '$8::text' },
  { column: 'cost', value: '$9::float8' },
  { column: 'cost_breakdown', value: '$10::jsonb' },
  { column: 'customer_name', value: '$11::text' },
  { column: 'customer_number', value: '$12::text' },
  { column: 'called_number', value: '$13::text' },
  { column: 'phone_number_id', value: 'n.id' },
  { column: 'assistant_id', value: 'coalesce(a.id, n.assistant_id)' },
  { column: 'transcript', value: '$16::text' },
  { column: 'summary', value: '$17::text' },
  { column: 'recording_url', value: '$18::text' },
  { column: 'stereo_recording_url', value: '$19::text' },
  { column: 'pcap_url', value: '$20::text' },
  { column: 'messages', value: '$21::jsonb' },
  { column: 'analysis', value: '$22::jsonb' },
];
type Reported = (typeof REPORTED)[number];
const PRECEDENCE = '$24::bigint';
const PRACTICE = '$25::uuid';

/**
 * The precedence of the message a stored value came from; -1 when none is recorded (an insert's default). A
 * row written without precedences (before ADR 039, or by the seed) counts its status's for every column.
 */
const storedPrecedence = (column: string) =>
  `coalesce((c.field_precedence->>'${column}')::bigint, case when c.field_precedence is null ` +
  `then coalesce(array_position(array[${CALL_STATUSES.map((s) => `'${s}'`).join(', ')}]::text[], c.status), 0)` +
  ` * ${STATUS_RANK_STEP} else -1 end)`;

/**
 * Whether the report's value replaces the stored one: it has one, and the stored value is missing or came
 * from a message of no higher precedence. As each column keeps the precedence of the message it came from,
 * the stored call is the same whatever order the messages arrive in.
 */
const takes = ({ column, value, otherwise }: Reported) =>
  `(${otherwise ? value : `excluded.${column}`} is not null and ` +
  `(c.${column} is null or ${PRECEDENCE} >= ${storedPrecedence(column)}))`;

const precedences = (of: (field: Reported) => string) =>
  `jsonb_build_object(${REPORTED.map((field) => `'${field.column}', ${of(field)}`).join(', ')})`;

const UPSERT_SQL = `
  insert into calls as c (id, practice_id, provider_id, ${REPORTED.map((f) => f.column).join(', ')}, field_precedence)
  select $23::uuid, ${PRACTICE}, $1::text,
         ${REPORTED.map((f) => (f.otherwise ? `coalesce(${f.value}, ${f.otherwise})` : f.value)).join(', ')},
         ${precedences((f) => `case when ${f.value} is not null then ${PRECEDENCE} else -1 end`)}
  from (select 1) one
  left join lateral (
    select p.id, p.assistant_id from phone_numbers p
    where p.practice_id = ${PRACTICE} and (p.provider_id = $14::text or ($13::text is not null and p.number = $13))
    order by (p.provider_id = $14) desc nulls last limit 1
  ) n on true
  left join assistants a on a.provider_id = $15::text and a.practice_id = ${PRACTICE}
  on conflict (provider_id) do update set
    ${REPORTED.map((f) => `${f.column} = case when ${takes(f)} then excluded.${f.column} else c.${f.column} end`).join(',\n    ')},
    field_precedence = ${precedences((f) => `case when ${takes(f)} then ${PRECEDENCE} else ${storedPrecedence(f.column)} end`)},
    updated_at = now()
  where c.practice_id = excluded.practice_id
  returning id, practice_id, type, status, started_at, ended_at, duration_seconds, transcript`;

/** Above any report's precedence: the assistant and number we placed a call with are not replaced by guesses. */
const PLACED_PRECEDENCE = 100 * STATUS_RANK_STEP;

/**
 * What the log knows of a call just placed: `ended` when the platform's report came in before the placement was
 * written (a short call, or one played again after a restart), so that its outcome is not lost.
 */
export interface PlacedCallState {
  status: string | null;
  endedReason: string | null;
  type: string | null;
}

/** An outbound call we placed, written before the platform reports it (see `recordPlaced`). */
const PLACED_SQL = `
  insert into calls as c (id, practice_id, provider_id, status, type, created_at, customer_name, customer_number,
                          phone_number_id, assistant_id, field_precedence)
  values ($1::uuid, $9::uuid, $2::text, 'queued', 'outboundPhoneCall', $3::timestamptz, $4::text, $5::text,
          $6::uuid, $7::uuid, jsonb_build_object('phone_number_id', $8::bigint, 'assistant_id', $8::bigint))
  on conflict (provider_id) do update set
    phone_number_id = excluded.phone_number_id,
    assistant_id = excluded.assistant_id,
    field_precedence = coalesce(c.field_precedence, '{}'::jsonb) || excluded.field_precedence,
    updated_at = now()
  where c.practice_id = excluded.practice_id
  returning status, ended_reason, type`;

/**
 * The practice a report is for, when the webhook did not say (as the webhook would): the practice of the number
 * called, else of the assistant (numbers and platform ids are globally unique), else of the call already
 * stored under its id or placed by the built-in sandbox voice (whose calls replayed after a restart name no
 * number).
 */
const PRACTICE_OF_REPORT_SQL = `
  select pr.id, pr.name, pr.time_zone, pr.status from practices pr
  where pr.id = coalesce(
    (select p.practice_id from phone_numbers p
      where p.provider_id = $2::text or ($3::text is not null and p.number = $3)
      order by (p.provider_id = $2) desc nulls last limit 1),
    (select a.practice_id from assistants a where a.provider_id = $4::text),
    (select c.practice_id from calls c where c.provider_id = $1::text),
    (select s.practice_id from sandbox_outbound_placements s where s.call_id = $1::text))`;

/** An outbound call as placed: the platform's call id and our assistant and number. */
export interface PlacedCall {
  providerId: string;
  assistantId: string;
  phoneNumberId: string;
  customerName: string;
  customerNumber: string;
  placedAt: Date;
}

const json = (value: unknown) => (value === null ? null : JSON.stringify(value));

export function createCallsRepo(db: Db) {
  return {
    /** Newest first, strictly after `after` (keyset); one more than `limit` tells whether a next page exists. */
    async list(
      query: CallQuery,
      limit: number,
      after?: CallKey,
    ): Promise<{ calls: CallSummary[]; last?: CallKey }> {
      if (query.scope && !query.scope.phoneNumbers.length && !query.scope.assistants.length)
        return { calls: [] };
      const { rows } = await db.$client.query<ListRow>(
        listStatement(await withPracticeNumbers(db, query), limit, after),
      );
      const count = Math.min(rows.length, limit);
      const page: CallSummary[] = new Array(count);
      for (let i = 0; i < count; i++) page[i] = toSummary(rows[i]!);
      const last = rows.length > limit ? rows[limit - 1] : undefined;
      return { calls: page, ...(last && { last: { createdAt: last.cursor_at, id: last.id } }) };
    },

    async stats(query: CallQuery): Promise<CallStats> {
      if (query.scope && !query.scope.phoneNumbers.length && !query.scope.assistants.length) {
        return { total: 0, completed: 0, totalDurationSeconds: 0, totalCost: 0 };
      }
      const { rows } = await db.$client.query<{
        total: number;
        completed: number;
        total_duration_seconds: number;
        total_cost: number;
      }>(statsStatement(await withPracticeNumbers(db, query)));
      const row = rows[0];
      return row
        ? {
            total: row.total,
            completed: row.completed,
            totalDurationSeconds: row.total_duration_seconds,
            totalCost: row.total_cost,
          }
        : { total: 0, completed: 0, totalDurationSeconds: 0, totalCost: 0 };
    },

    async find(practiceId: string, id: string, scope: CallScope): Promise<CallDetail | undefined> {
      const { rows } = await db.$client.query<DetailRow>(detailStatement(practiceId, id, scope));
      const row = rows[0];
      return row && toDetail(row);
    },

    /**
     * Creates or completes the call the report names, in one statement (safe under duplicate delivery); the
     * call comes out the same whatever order its reports arrive in (ADR 039).
     */
    async upsert(practiceId: string, report: CallReport): Promise<StoredCall | undefined> {
      const result = await db.$client.query<{
        id: string;
        practice_id: string;
        type: string;
        status: string;
        started_at: Date | null;
        ended_at: Date | null;
        duration_seconds: number | null;
        transcript: string | null;
      }>({
        name: 'calls_upsert',
        text: UPSERT_SQL,
        values: [
          report.providerId,
          report.status,
          report.type,
          report.createdAt,
          report.startedAt,
          report.endedAt,
          report.durationSeconds,
          report.endedReason,
          report.cost,
          json(report.costBreakdown),
          report.customerName,
          report.customerNumber,
          report.calledNumber,
          report.platformPhoneNumberId,
          report.platformAssistantId,
          report.transcript,
          report.summary,
          report.recordingUrl,
          report.stereoRecordingUrl,
          report.pcapUrl,
          json(report.messages),
          json(report.analysis),
          // The platform's id when it is a UUID, so the id staff see matches the platform's dashboard.
          isUuid(report.providerId) ? report.providerId : randomUUID(),
          report.precedence,
          practiceId,
        ],
      });
      // No row: the platform's call id is another practice's call, which this report may not change.
      const row = result.rows[0];
      if (!row) return undefined;
      return {
        id: row.id,
        practiceId: row.practice_id,
        type: row.type,
        status: row.status,
        startedAt: row.started_at,
        endedAt: row.ended_at,
        durationSeconds: row.duration_seconds,
        transcript: row.transcript,
      };
    },

    /**
     * Writes the call we placed with the assistant and number we placed it with, so Call Logs shows them even
     * where the platform's reports cannot name them (an assistant that lives only here); its reports fill the
     * rest and never replace these two.
     */
    async recordPlaced(practiceId: string, placed: PlacedCall): Promise<PlacedCallState | undefined> {
      const providerId = placed.providerId.toLowerCase();
      const result = await db.$client.query<{
        status: string | null;
        ended_reason: string | null;
        type: string | null;
      }>({
        name: 'calls_record_placed',
        text: PLACED_SQL,
        values: [
          isUuid(providerId) ? providerId : randomUUID(),
          providerId,
          placed.placedAt,
          placed.customerName,
          placed.customerNumber,
          placed.phoneNumberId,
          placed.assistantId,
          PLACED_PRECEDENCE,
          practiceId,
        ],
      });
      const [row] = result.rows;
      return row && { status: row.status, endedReason: row.ended_reason, type: row.type };
    },

    /** The practice a report names (see `PRACTICE_OF_REPORT_SQL`), or undefined when it names none. */
    async practiceOf(report: CallReport): Promise<PracticeContext | undefined> {
      const result = await db.$client.query<{
        id: string;
        name: string;
        time_zone: string;
        status: PracticeContext['status'];
      }>({
        name: 'calls_practice_of_report',
        text: PRACTICE_OF_REPORT_SQL,
        values: [
          report.providerId,
          report.platformPhoneNumberId,
          report.calledNumber,
          report.platformAssistantId,
        ],
      });
      const row = result.rows[0];
      return row && { id: row.id, name: row.name, timeZone: row.time_zone, status: row.status };
    },
  };
}
