import type { CallDetail, CallSummary } from '#shared/schemas/calls';
import type { CallScope } from '../scope';
import type { CallKey, CallQuery } from './calls.repo';

/**
 * The Call Logs reads as SQL text built once per shape (which filters a request has, never their values) and
 * sent as named statements (ADR 060): PostgreSQL parses each shape once per connection, nothing is rebuilt per
 * request, and rows come back with their times already in ISO text. Name searches are the exception: their
 * best plan depends on how common the text is, so they are planned for each value (unnamed statements).
 */
export interface Statement {
  /** Absent: planned for its values on every run. */
  name?: string;
  text: string;
  values: unknown[];
}

/** The text of a timestamptz as `Date.prototype.toISOString` writes it (milliseconds, truncated, UTC). */
const isoText = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const SUMMARY_COLUMNS = `c.id, c.status, c.type, ${isoText('c.started_at')} as started_at,
  ${isoText('c.ended_at')} as ended_at, c.duration_seconds, c.ended_reason, c.cost, c.customer_name,
  c.customer_number, c.phone_number_id, coalesce(p.number, c.called_number) as number, c.assistant_id,
  a.name as assistant_name, c.analysis -> 'successEvaluation' as success_evaluation,
  ${isoText('c.created_at')} as created_at`;

const NAMED_JOINS = `left join phone_numbers p on p.id = c.phone_number_id
  left join assistants a on a.id = c.assistant_id`;

export interface SummaryRow {
  id: string;
  status: string;
  type: string;
  started_at: string | null;
  ended_at: string | null;
  duration_seconds: number | null;
  ended_reason: string | null;
  cost: number | null;
  customer_name: string | null;
  customer_number: string | null;
  phone_number_id: string | null;
  number: string | null;
  assistant_id: string | null;
  assistant_name: string | null;
  success_evaluation: string | boolean | null;
  created_at: string;
}

export interface ListRow extends SummaryRow {
  /** Microseconds: a millisecond key would page wrongly between calls in the same millisecond. */
  cursor_at: string;
}

export interface DetailRow extends SummaryRow {
  cost_breakdown: CallDetail['costBreakdown'];
  transcript: string | null;
  summary: string | null;
  analysis_summary: string | null;
  recording_url: string | null;
  stereo_recording_url: string | null;
  pcap_url: string | null;
  messages: CallDetail['messages'] | null;
  updated_at: string;
}

export function toSummary(row: SummaryRow): CallSummary {
  return {
    id: row.id,
    status: row.status,
    type: row.type as CallSummary['type'],
    startedAt: row.started_at,
    endedAt: row.ended_at,
    duration: row.duration_seconds,
    endedReason: row.ended_reason,
    cost: row.cost,
    customer: { name: row.customer_name, number: row.customer_number },
    phoneNumber: { id: row.phone_number_id, number: row.number },
    assistant: { id: row.assistant_id, name: row.assistant_name },
    analysis: { successEvaluation: row.success_evaluation },
    createdAt: row.created_at,
  };
}

export function toDetail(row: DetailRow): CallDetail {
  // The summary's fields, some replaced: Object.assign, not a spread with fields after it (ADR 066).
  return Object.assign(toSummary(row), {
    costBreakdown: row.cost_breakdown,
    transcript: row.transcript,
    summary: row.summary,
    recordingUrl: row.recording_url,
    stereoRecordingUrl: row.stereo_recording_url,
    artifact: { pcapUrl: row.pcap_url },
    messages: row.messages ?? [],
    analysis: { summary: row.analysis_summary ?? row.summary, successEvaluation: row.success_evaluation },
    updatedAt: row.updated_at,
  });
}

/** A WHERE clause over `calls` as `alias`, its values (`$1` on), and the letters naming its shape. */
class Where {
  readonly parts: string[] = [];
  readonly values: unknown[] = [];
  shape = '';
  constructor(private readonly alias: string) {}
  /** `$n` for `value`. */
  param(value: unknown, cast = ''): string {
    this.values.push(value);
    return `$${this.values.length}${cast}`;
  }
  col(name: string): string {
    return `${this.alias}.${name}`;
  }
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const reverseDigits = (digits: string) => [...digits].reverse().join('');

function scoped(where: Where, scope: CallScope) {
  if (!scope) return;
  const either: string[] = [];
  if (scope.phoneNumbers.length)
    either.push(`${where.col('phone_number_id')} = any(${where.param(scope.phoneNumbers, '::uuid[]')})`);
  if (scope.assistants.length)
    either.push(`${where.col('assistant_id')} = any(${where.param(scope.assistants, '::uuid[]')})`);
  where.parts.push(either.length ? `(${either.join(' or ')})` : 'false');
  where.shape += `s${either.length ? `${scope.phoneNumbers.length ? 'p' : ''}${scope.assistants.length ? 'a' : ''}` : '0'}`;
}

/** Every filter of a list or stats query; the practice first, as in every index. */
function filtered({ practiceId, scope, search, status, since }: CallQuery, where: Where): Where {
  where.parts.push(`${where.col('practice_id')} = ${where.param(practiceId, '::uuid')}`);
  scoped(where, scope);
  if (search) {
    const any: string[] = [];
    let shape = 'q';
    if (search.number) {
      any.push(`${where.col('customer_number')} = ${where.param(search.number)}`);
      shape += 'n';
    }
    if (search.numberEnding) {
      // Reversed, an ending is a prefix: calls_customer_number_reversed_idx serves it as a range.
      any.push(
        `reverse(${where.col('customer_number')}) like ${where.param(`${reverseDigits(search.numberEnding)}%`)}`,
      );
      shape += 'e';
    }
    if (search.practiceNumberIds?.length) {
      any.push(`${where.col('phone_number_id')} = any(${where.param(search.practiceNumberIds, '::uuid[]')})`);
      shape += 'p';
    }
    if (search.nameFragment) {
      any.push(
        `${where.col('customer_name_folded')} like ${where.param(`%${escapeLike(search.nameFragment)}%`)}`,
      );
      shape += 'f';
    }
    if (search.namePrefix) {
      // calls_customer_name_prefix_idx serves it as a range (text_pattern_ops), at any number of calls.
      any.push(
        `${where.col('customer_name_folded')} like ${where.param(`${escapeLike(search.namePrefix)}%`)}`,
      );
      shape += 'w';
    }
    if (search.idRange) {
      any.push(
        `${where.col('id')} between ${where.param(search.idRange.low, '::uuid')} and ${where.param(search.idRange.high, '::uuid')}`,
      );
      shape += 'i';
    }
    where.parts.push(any.length ? `(${any.join(' or ')})` : 'false');
    where.shape += shape;
  }
  if (status) {
    where.parts.push(`${where.col('status')} = ${where.param(status)}`);
    where.shape += 't';
  }
  if (since) {
    where.parts.push(`${where.col('created_at')} >= ${where.param(since, '::timestamptz')}`);
    where.shape += 'm';
  }
  return where;
}

/**
 * A name's best plan depends on the text: a common fragment walks the keyset index newest first, a rare one takes
 * the trigram index, and a LIKE prefix becomes an index range only for a known value. A prepared statement's
 * generic plan would fix one of them for every text.
 */
const preparable = (query: CallQuery) => !(query.search?.nameFragment || query.search?.namePrefix);

/** Named statements are kept per connection by `pg`: one text per name, built once per shape. */
const texts = new Map<string, string>();
function statement(name: string, build: () => string, values: unknown[], named: boolean): Statement {
  let text = texts.get(name);
  if (text === undefined) texts.set(name, (text = build()));
  return named ? { name, text, values } : { text, values };
}

/**
 * The list's one statement; one row more than `limit`. The page's ids come first, from an index alone where
 * one covers the filter (ADR 037), and only those rows are then read whole.
 */
export function listStatement(query: CallQuery, limit: number, after?: CallKey): Statement {
  const where = filtered(query, new Where('calls'));
  if (after) {
    where.parts.push(
      `(calls.created_at, calls.id) < (${where.param(after.createdAt, '::timestamptz')}, ${where.param(after.id, '::uuid')})`,
    );
    where.shape += 'k';
  }
  const limitParam = where.param(limit + 1, '::int');
  return statement(
    `calls_list_${where.shape || 'all'}`,
    () => `select ${SUMMARY_COLUMNS},
  to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor_at
from (select calls.id from calls where ${where.parts.join(' and ')}
      order by calls.created_at desc, calls.id desc limit ${limitParam}) page
join calls c on c.id = page.id
${NAMED_JOINS}
order by c.created_at desc, c.id desc`,
    where.values,
    preparable(query),
  );
}

export function statsStatement(query: CallQuery): Statement {
  const where = filtered(query, new Where('calls'));
  return statement(
    `calls_stats_${where.shape || 'all'}`,
    () => `select count(*)::int as total, (count(*) filter (where calls.status = 'ended'))::int as completed,
  coalesce(sum(calls.duration_seconds), 0)::float8 as total_duration_seconds,
  coalesce(sum(calls.cost), 0)::float8 as total_cost
from calls where ${where.parts.join(' and ')}`,
    where.values,
    preparable(query),
  );
}

/** One call of the practice, if the scope lets the caller see it. */
export function detailStatement(practiceId: string, id: string, scope: CallScope): Statement {
  const where = new Where('c');
  where.parts.push(
    `c.id = ${where.param(id, '::uuid')}`,
    `c.practice_id = ${where.param(practiceId, '::uuid')}`,
  );
  scoped(where, scope);
  return statement(
    `calls_detail_${where.shape || 'all'}`,
    () => `select ${SUMMARY_COLUMNS}, c.cost_breakdown, c.transcript, c.summary,
  c.analysis ->> 'summary' as analysis_summary, c.recording_url, c.stereo_recording_url, c.pcap_url, c.messages,
  ${isoText('c.updated_at')} as updated_at
from calls c
${NAMED_JOINS}
where ${where.parts.join(' and ')}`,
    where.values,
    true,
  );
}

/** The practice's own numbers a number search names (see `withPracticeNumbers` in the repo). */
export function practiceNumbersStatement(
  practiceId: string,
  number?: string,
  numberEnding?: string,
): Statement {
  return number
    ? {
        name: 'calls_practice_number',
        text: 'select id from phone_numbers where practice_id = $1::uuid and number = $2',
        values: [practiceId, number],
      }
    : {
        name: 'calls_practice_number_ending',
        text: 'select id from phone_numbers where practice_id = $1::uuid and number like $2',
        values: [practiceId, `%${numberEnding ?? ''}`],
      };
}
