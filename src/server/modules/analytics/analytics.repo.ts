import { and, eq, gte, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { appointmentTypes, appointmentTypeValues, calls } from '../../db/schema/index';
import { callsInScope, type CallScope } from '../scope';

/**
 * Analytics reads (ADR 057): grouped statements over the calls, the visits (the ledger summed up per visit),
 * reminders and callbacks, each bounded by the practice and the range on an index that starts with the practice.
 * Nothing is summed in Node but the few grouped rows. This module only reads the other modules' tables.
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

type CallColumns = { phoneNumberId: SQLWrapper; assistantId: SQLWrapper };
const OF_CALLS: CallColumns = { phoneNumberId: calls.phoneNumberId, assistantId: calls.assistantId };

/**
 * Which calls count beyond the practice: the user's scope and the screen's filters (`undefined`: all); `on`
 * names the number and assistant columns (the calls table's own, or those of the call a visit was booked on).
 */
function callFilter({ scope, assistantId, phoneNumberId }: AnalyticsParams, on = OF_CALLS): SQL | undefined {
  const parts = [
    scope ? callsInScope(scope, on) : undefined,
    assistantId ? eq(on.assistantId, assistantId) : undefined,
    phoneNumberId ? eq(on.phoneNumberId, phoneNumberId) : undefined,
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
  const filter = callFilter(p, { phoneNumberId: sql`b.phone_number_id`, assistantId: sql`b.assistant_id` });
  return filter ? sql`where b.call_id is not null and ${filter}` : sql``;
};

/** A callback counts under a filter or scope only through its call (a text's has none). */
const callbackCall = (p: AnalyticsParams) => {
  const filter = callFilter(p);
  return filter ? sql`and calls.id is not null and ${filter}` : sql``;
};

/**
 * The calls of the range: totals, cost, calls per day and per hour of the week (practice time), ended reasons,
 * calls answered outside the opening hours (any provider working, as callbacks' due times), per assistant and
 * number.
 */
function callsStatement(p: AnalyticsParams): SQL {
  return sql`
    with c as materialized (
      -- Minutes since 1970-01-01 00:00 on the practice's clock, once per call: days, weekdays and hours follow
      -- by integer arithmetic (extract() answers numeric, several times slower over thousands of calls). Floored,
      -- never rounded: a cast to bigint rounds 23:59:59.6 up into the next day (and 16:59:59.7 past closing).
      select floor(date_part('epoch', calls.created_at at time zone ${p.timeZone}) / 60)::bigint as m, calls.type,
             calls.started_at, calls.ended_reason, calls.duration_seconds, calls.cost, calls.assistant_id,
             calls.phone_number_id
      from calls where ${callsInRange(p)}
    ),
    -- The week's opening hours as minutes of the week (0 = Sunday 00:00); null when none are known.
    open_hours as (
      select range_agg(int4range(weekday * 1440 + start_minute, weekday * 1440 + end_minute)) as week
      from provider_working_hours where practice_id = ${p.practiceId}
    )
    select
      count(*)::int as total,
      coalesce(sum(cost), 0)::float8 as total_cost,
      avg(duration_seconds)::float8 as average_duration,
      -- 1970-01-01 was a Thursday: 4 days (5,760 minutes) after a Sunday.
      (count(*) filter (where type = 'inboundPhoneCall' and started_at is not null
                          and not ((select week from open_hours) @> ((m + 5760) % 10080)::int)))::int as after_hours,
      (select coalesce(json_agg(json_build_array(to_char(date '1970-01-01' + d::int, 'YYYY-MM-DD'), n)), '[]')
        from (select m / 1440 as d, count(*)::int as n from c group by 1) d) as by_day,
      (select coalesce(json_agg(json_build_array(h / 24, h % 24, n)), '[]')
        from (select (m + 5760) % 10080 / 60 as h, count(*)::int as n from c group by 1) h) as by_hour,
      (select coalesce(json_agg(json_build_array(reason, n) order by n desc, reason), '[]')
        from (select coalesce(ended_reason, 'unknown') as reason, count(*)::int as n from c group by 1) r)
        as ended_reasons,
      (select coalesce(json_agg(json_build_array(g.id, a.name, g.n, g.cost)), '[]')
        from (select assistant_id as id, count(*)::int as n, coalesce(sum(cost), 0)::float8 as cost
              from c group by 1) g left join assistants a on a.id = g.id) as by_assistant,
      (select coalesce(json_agg(json_build_array(g.id, coalesce(nullif(n.name, ''), n.number), g.n, g.cost)), '[]')
        from (select phone_number_id as id, count(*)::int as n, coalesce(sum(cost), 0)::float8 as cost
              from c group by 1) g left join phone_numbers n on n.id = g.id) as by_number
    from c`;
}

/**
 * The visits booked in the range (one row each in `visits`, by `booked_at`) with their source, outcome,
 * confirmation, whether they were reminded before their start, and their estimated value; counted by who booked
 * them, by source, by assistant and by number.
 */
function visitsStatement(p: AnalyticsParams): SQL {
  return sql`
    with booked as materialized (
      select * from (
        select v.appointment_ref, v.source, v.appointment_type, v.new_patient, v.starts_at, v.outcome, v.late,
               v.confirmed_at is not null as confirmed, coalesce(v.call_id, c.id) as call_id,
               coalesce(v.assistant_id, c.assistant_id) as assistant_id,
               coalesce(v.phone_number_id, c.phone_number_id) as phone_number_id
        from visits v
        -- Booked on a call not stored yet when the booking was written: the call, looked up now.
        left join lateral (select c.id, c.assistant_id, c.phone_number_id from calls c
                           where v.call_id is null and c.provider_id = v.provider_call_id
                             and c.practice_id = v.practice_id limit 1) c on true
        where v.practice_id = ${p.practiceId} and v.booked_at >= ${p.from} and v.booked_at < ${p.to}
      ) b ${bookingCall(p)}
    ),
    -- The reminders of those visits: the practice's reminder calls and texts, read once (not once per visit).
    reminders as (
      select appointment_ref, min(at) as first_at from (
        select r.appointment_ref, r.placed_at as at from outbound_calls r
        where r.practice_id = ${p.practiceId} and r.call_type in ('reminder', 'confirmation')
          and r.status = 'completed' and r.appointment_ref in (select appointment_ref from booked)
        union all
        select m.appointment_ref, m.created_at from messages m
        where m.practice_id = ${p.practiceId} and m.direction = 'outbound' and m.kind in ('reminder', 'confirmation')
          and m.status in ('sent', 'delivered') and m.appointment_ref in (select appointment_ref from booked)
      ) r group by 1
    ),
    v as materialized (
      select b.*, tv.value_cents, coalesce(r.first_at < b.starts_at, false) as reminded
      from booked b
      left join appointment_type_values tv
        on tv.practice_id = ${p.practiceId} and tv.appointment_type = b.appointment_type
      left join reminders r on r.appointment_ref = b.appointment_ref
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
             -- float8, not int: a sum of cents passes int's 2,147,483,647 at 215 visits of $100,000; float8 is
             -- exact for whole cents far beyond that (2^53) and comes back from pg as a number.
             (coalesce(sum(value_cents) filter (where outcome is null or outcome = 'kept'), 0))::float8
               as value_cents
      from v group by 1
    )
    select
      (select coalesce(json_agg(row_to_json(groups)), '[]') from groups) as groups,
      (select coalesce(json_object_agg(source, n), '{}')
        from (select source, count(*)::int as n from v group by 1) s) as by_source,
      -- Named here too: an assistant or number may have bookings in the range and no calls in it (a callback
      -- booked on last month's call).
      (select coalesce(json_agg(json_build_array(g.id, a.name, g.n, g.kept, g.value_cents)), '[]')
        from (select assistant_id as id, count(*)::int as n, (count(*) filter (where outcome = 'kept'))::int as kept,
                     (coalesce(sum(value_cents) filter (where outcome is null or outcome = 'kept'), 0))::float8
                       as value_cents
              from v where call_id is not null group by 1) g left join assistants a on a.id = g.id) as by_assistant,
      (select coalesce(json_agg(json_build_array(g.id, coalesce(nullif(n.name, ''), n.number), g.n, g.kept,
                                                 g.value_cents)), '[]')
        from (select phone_number_id as id, count(*)::int as n,
                     (count(*) filter (where outcome = 'kept'))::int as kept,
                     (coalesce(sum(value_cents) filter (where outcome is null or outcome = 'kept'), 0))::float8
                       as value_cents
              from v where call_id is not null group by 1) g left join phone_numbers n on n.id = g.id) as by_number,
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
      ${callbackCall(p)}`;
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
    /** id, name, bookings, kept, value in cents. */
    by_assistant: [string | null, string | null, number, number, number][];
    by_number: [string | null, string | null, number, number, number][];
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

export function createAnalyticsRepo(db: Db) {
  return {
    async read(p: AnalyticsParams): Promise<AnalyticsRows> {
      const results = await Promise.all(
        analyticsStatements(p).map(async (s) => [s.name, (await db.$client.query(s.text, s.values)).rows[0]]),
      );
      return Object.fromEntries(results) as AnalyticsRows;
    },

    /**
     * The calls of the range, oldest first, with the bookings made on it and what became of them; at most
     * `limit` (the service asks for one more than its cap, to tell a range that has more).
     */
    async exportRows(p: AnalyticsParams, limit: number): Promise<ExportRow[]> {
      const statement = sql`
        select calls.id, to_char(calls.created_at at time zone ${p.timeZone}, 'YYYY-MM-DD HH24:MI') as started,
               calls.type, a.name as assistant, coalesce(nullif(n.name, ''), n.number) as number,
               calls.duration_seconds, calls.ended_reason, calls.cost,
               count(b.appointment_ref)::int as bookings,
               string_agg(b.source, '; ' order by b.booked_at) as sources,
               string_agg(coalesce(b.appointment_type, ''), '; ' order by b.booked_at)
                 filter (where b.appointment_ref is not null) as appointment_types,
               string_agg(coalesce(b.outcome, 'open'), '; ' order by b.booked_at)
                 filter (where b.appointment_ref is not null) as outcomes,
               sum(tv.value_cents) filter (where b.outcome is null or b.outcome = 'kept')::float8 as value_cents
        from calls
        left join assistants a on a.id = calls.assistant_id
        left join phone_numbers n on n.id = calls.phone_number_id
        left join visits b
          on b.practice_id = calls.practice_id and b.provider_call_id = calls.provider_id and b.booked_at is not null
        left join appointment_type_values tv
          on tv.practice_id = calls.practice_id and tv.appointment_type = b.appointment_type
        where ${callsInRange(p)}
        group by calls.id, a.name, n.name, n.number
        order by calls.created_at, calls.id
        limit ${limit}`;
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
