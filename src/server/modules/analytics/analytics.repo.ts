import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { appointmentTypes, appointmentTypeValues, calls } from '../../db/schema/index';
import { callsInScope, type CallScope } from '../scope';

/**
 * Analytics reads (ADR 056): grouped statements over the calls, the appointment ledger and outcomes, reminders
 * and callbacks, each bounded by the practice and the range on an index that starts with the practice. Nothing
 * is summed in Node but the few grouped rows. This module only reads the other modules' tables.
 */

/** Who is asking for what: the practice, the instants of the range and the calls that count. */
export interface AnalyticsParams {
  practiceId: string;
  timeZone: string;
  /** [from, to): the practice-local midnights of the first day and of the day after the last. */
  from: Date;
  to: Date;
  /** Before it, a visit with no outcome is unresolved; after it, upcoming. */
  now: Date;
  scope: CallScope;
  assistantId?: string;
  phoneNumberId?: string;
}

/** One of the statements, rendered: what the benchmark runs bare, and what the app runs. */
export interface Statement {
  name: 'calls' | 'visits' | 'callbacks';
  text: string;
  values: unknown[];
}

/** Which calls count beyond the practice: the user's scope and the screen's filters (`undefined`: all). */
function callFilter({ scope, assistantId, phoneNumberId }: AnalyticsParams): SQL | undefined {
  const parts = [
    scope ? callsInScope(scope) : undefined,
    assistantId ? eq(calls.assistantId, assistantId) : undefined,
    phoneNumberId ? eq(calls.phoneNumberId, phoneNumberId) : undefined,
  ].filter((part) => part !== undefined);
  return parts.length ? and(...parts) : undefined;
}

/** Call Logs' own predicate (practice and scope), bounded by the range: so the totals agree. */
const callsInRange = (p: AnalyticsParams) =>
  and(
    eq(calls.practiceId, p.practiceId),
    gte(calls.createdAt, p.from),
    lt(calls.createdAt, p.to),
    callFilter(p),
  );

/** A booking counts under a filter or scope only through the call it was made on (staff's have none). */
const bookingCall = (p: AnalyticsParams) => {
  const filter = callFilter(p);
  return filter ? sql`and calls.id is not null and ${filter}` : sql``;
};

const minuteOfDay = sql`(extract(hour from c.local) * 60 + extract(minute from c.local))`;

/**
 * The calls of the range: totals, cost, calls per day and per hour of the week (practice time), ended reasons,
 * calls answered outside the opening hours (any provider working, as callbacks' due times), per assistant and
 * number.
 */
function callsStatement(p: AnalyticsParams): SQL {
  return sql`
    with c as materialized (
      select calls.created_at at time zone ${p.timeZone} as local, calls.type, calls.started_at,
             calls.ended_reason, calls.duration_seconds, calls.cost, calls.assistant_id, calls.phone_number_id
      from calls where ${callsInRange(p)}
    ),
    open_hours as (
      select weekday, start_minute, end_minute from provider_working_hours where practice_id = ${p.practiceId}
    )
    select
      (select count(*)::int from c) as total,
      (select coalesce(sum(cost), 0)::float8 from c) as total_cost,
      (select avg(duration_seconds)::float8 from c where duration_seconds is not null) as average_duration,
      (select count(*)::int from c
        where c.type = 'inboundPhoneCall' and c.started_at is not null and exists (select 1 from open_hours)
          and not exists (select 1 from open_hours h where h.weekday = extract(dow from c.local)
                          and ${minuteOfDay} >= h.start_minute and ${minuteOfDay} < h.end_minute)
      ) as after_hours,
      (select coalesce(json_agg(json_build_array(day, n)), '[]')
        from (select to_char(local, 'YYYY-MM-DD') as day, count(*)::int as n from c group by 1) d) as by_day,
      (select coalesce(json_agg(json_build_array(dow, hour, n)), '[]')
        from (select extract(dow from local)::int as dow, extract(hour from local)::int as hour, count(*)::int as n
              from c group by 1, 2) h) as by_hour,
      (select coalesce(json_agg(json_build_array(reason, n) order by n desc, reason), '[]')
        from (select coalesce(ended_reason, 'unknown') as reason, count(*)::int as n from c group by 1) r)
        as ended_reasons,
      (select coalesce(json_agg(json_build_array(g.id, a.name, g.n, g.cost)), '[]')
        from (select assistant_id as id, count(*)::int as n, coalesce(sum(cost), 0)::float8 as cost
              from c group by 1) g left join assistants a on a.id = g.id) as by_assistant,
      (select coalesce(json_agg(json_build_array(g.id, coalesce(nullif(n.name, ''), n.number), g.n, g.cost)), '[]')
        from (select phone_number_id as id, count(*)::int as n, coalesce(sum(cost), 0)::float8 as cost
              from c group by 1) g left join phone_numbers n on n.id = g.id) as by_number`;
}

/**
 * The visits booked in the range (the ledger's `created` lines) with where each came from, its latest start,
 * its outcome, whether it was confirmed and reminded before its start, and its estimated value; counted by who
 * booked it, by source, by assistant and by number.
 */
function visitsStatement(p: AnalyticsParams): SQL {
  return sql`
    with booked as materialized (
      select ch.appointment_ref, ch.appointment_type, ch.new_patient, ch.at,
             case
               when ch.channel = 'call' and oc.call_type = 'recall' then 'recall'
               when ch.channel = 'call' and oc.id is not null then 'outbound'
               else ch.channel
             end as source,
             calls.id as call_id, calls.assistant_id, calls.phone_number_id,
             coalesce((select s.to_start from appointment_changes s
                       where s.practice_id = ch.practice_id and s.appointment_ref = ch.appointment_ref
                         and s.to_start is not null
                       order by s.at desc limit 1), ch.to_start) as starts_at
      from appointment_changes ch
      left join outbound_calls oc on oc.vapi_call_id = ch.provider_call_id and oc.practice_id = ch.practice_id
      left join calls on calls.provider_id = ch.provider_call_id and calls.practice_id = ch.practice_id
      where ch.practice_id = ${p.practiceId} and ch.change = 'created'
        and ch.at >= ${p.from} and ch.at < ${p.to} ${bookingCall(p)}
    ),
    v as materialized (
      select b.*, o.outcome, coalesce(o.late, false) as late, tv.value_cents,
             exists (select 1 from appointment_changes cf
                     where cf.practice_id = ${p.practiceId} and cf.appointment_ref = b.appointment_ref
                       and cf.change = 'confirmed') as confirmed,
             (exists (select 1 from outbound_calls r
                      where r.practice_id = ${p.practiceId} and r.appointment_ref = b.appointment_ref
                        and r.call_type in ('reminder', 'confirmation') and r.status = 'completed'
                        and r.placed_at < b.starts_at)
              or exists (select 1 from messages m
                         where m.practice_id = ${p.practiceId} and m.appointment_ref = b.appointment_ref
                           and m.direction = 'outbound' and m.kind in ('reminder', 'confirmation')
                           and m.status in ('sent', 'delivered') and m.created_at < b.starts_at)) as reminded
      from booked b
      left join appointment_outcomes o
        on o.practice_id = ${p.practiceId} and o.appointment_ref = b.appointment_ref
      left join appointment_type_values tv
        on tv.practice_id = ${p.practiceId} and tv.appointment_type = b.appointment_type
    ),
    groups as (
      select source = 'staff' as staff,
             count(*)::int as total,
             (count(*) filter (where outcome = 'kept'))::int as kept,
             (count(*) filter (where outcome = 'no_show'))::int as no_show,
             (count(*) filter (where outcome = 'cancelled'))::int as cancelled,
             (count(*) filter (where outcome = 'cancelled' and late))::int as late_cancelled,
             (count(*) filter (where outcome is null and starts_at <= ${p.now}))::int as unresolved,
             (count(*) filter (where outcome is null and (starts_at > ${p.now} or starts_at is null)))::int
               as upcoming,
             (count(*) filter (where reminded))::int as reminded,
             (count(*) filter (where reminded and confirmed))::int as reminded_confirmed,
             (count(*) filter (where reminded and outcome = 'kept'))::int as reminded_kept,
             (count(*) filter (where reminded and outcome = 'no_show'))::int as reminded_no_show,
             (count(*) filter (where not reminded and outcome = 'kept'))::int as not_reminded_kept,
             (count(*) filter (where not reminded and outcome = 'no_show'))::int as not_reminded_no_show,
             (count(*) filter (where new_patient))::int as new_patients,
             (count(*) filter (where not new_patient))::int as returning_patients,
             (coalesce(sum(value_cents) filter (where outcome is null or outcome = 'kept'), 0))::int as value_cents
      from v group by 1
    )
    select
      (select coalesce(json_agg(row_to_json(groups)), '[]') from groups) as groups,
      (select coalesce(json_object_agg(source, n), '{}')
        from (select source, count(*)::int as n from v group by 1) s) as by_source,
      (select coalesce(json_agg(json_build_array(id, n, kept, value_cents)), '[]')
        from (select assistant_id as id, count(*)::int as n, (count(*) filter (where outcome = 'kept'))::int as kept,
                     (coalesce(sum(value_cents) filter (where outcome is null or outcome = 'kept'), 0))::int
                       as value_cents
              from v where call_id is not null group by 1) a) as by_assistant,
      (select coalesce(json_agg(json_build_array(id, n, kept, value_cents)), '[]')
        from (select phone_number_id as id, count(*)::int as n,
                     (count(*) filter (where outcome = 'kept'))::int as kept,
                     (coalesce(sum(value_cents) filter (where outcome is null or outcome = 'kept'), 0))::int
                       as value_cents
              from v where call_id is not null group by 1) n) as by_number,
      exists (select 1 from appointment_type_values where practice_id = ${p.practiceId}) as values_set`;
}

/** Callback tasks opened in the range, closed, and closed by their due time. */
function callbacksStatement(p: AnalyticsParams): SQL {
  return sql`
    select count(*)::int as opened,
           (count(*) filter (where cb.status = 'done'))::int as closed,
           (count(*) filter (where cb.status = 'done' and cb.closed_at <= cb.due_at))::int as closed_in_time
    from callbacks cb left join calls on calls.id = cb.call_id
    where cb.practice_id = ${p.practiceId} and cb.created_at >= ${p.from} and cb.created_at < ${p.to}
      ${bookingCall(p)}`;
}

// As the app's drizzle instance renders column names (db/client.ts).
const dialect = new PgDialect({ casing: 'snake_case' });
const render = (name: Statement['name'], statement: SQL): Statement => {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return { name, text, values: params };
};

/** The analytics statements for one request (exported for the benchmark, which runs them bare). */
export function analyticsStatements(p: AnalyticsParams): Statement[] {
  return [
    render('calls', callsStatement(p)),
    render('visits', visitsStatement(p)),
    render('callbacks', callbacksStatement(p)),
  ];
}

/** Raw rows of the statements, by name. */
export interface AnalyticsRows {
  calls: {
    total: number;
    total_cost: number;
    average_duration: number | null;
    after_hours: number;
    by_day: [string, number][];
    by_hour: [number, number, number][];
    ended_reasons: [string, number][];
    by_assistant: [string | null, string | null, number, number][];
    by_number: [string | null, string | null, number, number][];
  };
  visits: {
    groups: VisitGroup[];
    by_source: Record<string, number>;
    by_assistant: [string | null, number, number, number][];
    by_number: [string | null, number, number, number][];
    values_set: boolean;
  };
  callbacks: { opened: number; closed: number; closed_in_time: number };
}

export interface VisitGroup {
  staff: boolean;
  total: number;
  kept: number;
  no_show: number;
  cancelled: number;
  late_cancelled: number;
  unresolved: number;
  upcoming: number;
  reminded: number;
  reminded_confirmed: number;
  reminded_kept: number;
  reminded_no_show: number;
  not_reminded_kept: number;
  not_reminded_no_show: number;
  new_patients: number;
  returning_patients: number;
  value_cents: number;
}

/** One call with what it produced, for the CSV export. */
export interface ExportRow {
  id: string;
  started: string;
  type: string;
  assistant: string | null;
  number: string | null;
  duration_seconds: number | null;
  ended_reason: string | null;
  cost: number | null;
  bookings: number;
  sources: string | null;
  appointment_types: string | null;
  outcomes: string | null;
  value_cents: number | null;
}

/** The export's cap: two years of a busy practice's calls. */
export const EXPORT_MAX_ROWS = 100_000;

export function createAnalyticsRepo(db: Db) {
  return {
    async read(p: AnalyticsParams): Promise<AnalyticsRows> {
      const results = await Promise.all(
        analyticsStatements(p).map(async (s) => [s.name, (await db.$client.query(s.text, s.values)).rows[0]]),
      );
      return Object.fromEntries(results) as AnalyticsRows;
    },

    /** Every call of the range, oldest first, with the bookings made on it and what became of them. */
    async exportRows(p: AnalyticsParams): Promise<ExportRow[]> {
      const statement = sql`
        select calls.id, to_char(calls.created_at at time zone ${p.timeZone}, 'YYYY-MM-DD HH24:MI') as started,
               calls.type, a.name as assistant, coalesce(nullif(n.name, ''), n.number) as number,
               calls.duration_seconds, calls.ended_reason, calls.cost,
               count(b.appointment_ref)::int as bookings,
               string_agg(b.source, '; ' order by b.at) as sources,
               string_agg(coalesce(b.appointment_type, ''), '; ' order by b.at)
                 filter (where b.appointment_ref is not null) as appointment_types,
               string_agg(coalesce(o.outcome, 'open'), '; ' order by b.at)
                 filter (where b.appointment_ref is not null) as outcomes,
               sum(tv.value_cents) filter (where o.outcome is null or o.outcome = 'kept')::int as value_cents
        from calls
        left join assistants a on a.id = calls.assistant_id
        left join phone_numbers n on n.id = calls.phone_number_id
        left join lateral (
          select ch.appointment_ref, ch.appointment_type, ch.at,
                 case
                   when ch.channel = 'call' and oc.call_type = 'recall' then 'recall'
                   when ch.channel = 'call' and oc.id is not null then 'outbound'
                   else ch.channel
                 end as source
          from appointment_changes ch
          left join outbound_calls oc on oc.vapi_call_id = ch.provider_call_id and oc.practice_id = ch.practice_id
          where ch.practice_id = calls.practice_id and ch.provider_call_id = calls.provider_id
            and ch.change = 'created'
        ) b on true
        left join appointment_outcomes o on o.practice_id = calls.practice_id and o.appointment_ref = b.appointment_ref
        left join appointment_type_values tv
          on tv.practice_id = calls.practice_id and tv.appointment_type = b.appointment_type
        where ${callsInRange(p)}
        group by calls.id, a.name, n.name, n.number
        order by calls.created_at, calls.id
        limit ${EXPORT_MAX_ROWS}`;
      return (await db.execute(statement)).rows as unknown as ExportRow[];
    },

    /** Every appointment type with the practice's value for it (cents), in the booking screen's order. */
    async values(practiceId: string): Promise<{ code: string; label: string; valueCents: number | null }[]> {
      return db
        .select({
          code: appointmentTypes.code,
          label: appointmentTypes.label,
          valueCents: appointmentTypeValues.valueCents,
        })
        .from(appointmentTypes)
        .leftJoin(
          appointmentTypeValues,
          and(
            eq(appointmentTypeValues.practiceId, practiceId),
            eq(appointmentTypeValues.appointmentType, appointmentTypes.code),
          ),
        )
        .orderBy(appointmentTypes.sortOrder, appointmentTypes.code);
    },

    /** Sets the given types' values (null removes one), in one transaction. */
    async setValues(practiceId: string, values: { code: string; valueCents: number | null }[]) {
      await db.transaction(async (tx) => {
        for (const { code, valueCents } of values) {
          const key = and(
            eq(appointmentTypeValues.practiceId, practiceId),
            eq(appointmentTypeValues.appointmentType, code),
          );
          if (valueCents === null) await tx.delete(appointmentTypeValues).where(key);
          else
            await tx
              .insert(appointmentTypeValues)
              .values({ practiceId, appointmentType: code, valueCents })
              .onConflictDoUpdate({
                target: [appointmentTypeValues.practiceId, appointmentTypeValues.appointmentType],
                set: { valueCents, updatedAt: sql`now()` },
              });
        }
      });
    },
  };
}
export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
