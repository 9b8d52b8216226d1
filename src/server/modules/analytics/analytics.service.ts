import {
  BOOKING_SOURCES,
  CALL_SOURCES,
  type Analytics,
  type AnalyticsFilter,
  type AppointmentValues,
  type AppointmentValuesBody,
  type MoneyRow,
  type OutcomeCounts,
} from '#shared/schemas/analytics';
import { badRequest } from '../../errors';
import { addMinutesToWall, instantFromWall } from '../../lib/wall-time';
import type { PracticeContext } from '../../practice';
import type { CallScope } from '../scope';
import type { AnalyticsParams, AnalyticsRepo, AnalyticsRows, ExportRow, VisitGroup } from './analytics.repo';

/** A ratio, or null when there was nothing to divide by. */
const ratio = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);
const dollars = (cents: number) => cents / 100;
/**
 * Dollars to whole cents, as the decimal that was typed: `value * 100` in binary floating point can land just
 * under a half cent (1.005 * 100 = 100.49999999999999), so it is read back to 12 significant digits (exact for
 * every value allowed, at most $100,000) before rounding half up.
 */
export const cents = (value: number) => Math.round(Number((value * 100).toPrecision(12)));

/** The export's cap: two years of a busy practice's calls. */
export const EXPORT_MAX_ROWS = 100_000;

/** Every date from `from` to `to` (practice calendar days, `YYYY-MM-DD`). */
function datesOf(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let day = from; day <= to; day = addMinutesToWall(`${day}T00:00:00`, 1440).slice(0, 10))
    dates.push(day);
  return dates;
}

const EMPTY_GROUP: Omit<VisitGroup, 'staff'> = {
  total: 0,
  kept: 0,
  no_show: 0,
  cancelled: 0,
  late_cancelled: 0,
  unresolved: 0,
  upcoming: 0,
  reminded: 0,
  reminded_confirmed: 0,
  reminded_kept: 0,
  reminded_no_show: 0,
  not_reminded_kept: 0,
  not_reminded_no_show: 0,
  new_patients: 0,
  returning_patients: 0,
  value_cents: 0,
};

const outcomeCounts = (g: Omit<VisitGroup, 'staff'>): OutcomeCounts => ({
  kept: g.kept,
  noShow: g.no_show,
  cancelled: g.cancelled,
  lateCancelled: g.late_cancelled,
  unresolved: g.unresolved,
  upcoming: g.upcoming,
});

function sum(a: Omit<VisitGroup, 'staff'>, b: Omit<VisitGroup, 'staff'>): Omit<VisitGroup, 'staff'> {
  return Object.fromEntries(
    Object.keys(EMPTY_GROUP).map((key) => [key, a[key as keyof typeof a] + b[key as keyof typeof b]]),
  ) as Omit<VisitGroup, 'staff'>;
}

/**
 * Calls and what they cost, beside the visits booked on them, per assistant or number: every one that had calls
 * in the range or bookings in it (a booking made on an earlier call counts here as in the headline; its
 * assistant's calls and cost are then 0).
 */
function moneyRows(
  calls: [string | null, string | null, number, number][],
  visits: [string | null, string | null, number, number, number][],
  valuesSet: boolean,
  unnamed: string,
): MoneyRow[] {
  const rows = new Map<string | null, { name: string | null; calls: number; cost: number }>(
    calls.map(([id, name, count, cost]) => [id, { name, calls: count, cost }]),
  );
  const produced = new Map(visits.map(([id, , bookings, kept, value]) => [id, { bookings, kept, value }]));
  for (const [id, name] of visits) if (!rows.has(id)) rows.set(id, { name, calls: 0, cost: 0 });
  return [...rows]
    .map(([id, { name, calls: count, cost }]) => {
      const made = produced.get(id) ?? { bookings: 0, kept: 0, value: 0 };
      return {
        id,
        name: name ?? unnamed,
        calls: count,
        cost,
        bookings: made.bookings,
        kept: made.kept,
        costPerBookedVisit: ratio(cost, made.bookings),
        costPerKeptVisit: ratio(cost, made.kept),
        estimatedValue: valuesSet ? dollars(made.value) : null,
      };
    })
    .sort((a, b) => b.calls - a.calls || b.bookings - a.bookings || a.name.localeCompare(b.name));
}

/** The response from the statements' rows (a few dozen grouped rows at most, besides the days). */
export function toAnalytics(filter: AnalyticsFilter, timeZone: string, rows: AnalyticsRows): Analytics {
  const { calls, visits, callbacks } = rows;
  const byDay = new Map(calls.by_day);
  const byHourOfWeek = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const [dow, hour, n] of calls.by_hour) byHourOfWeek[dow]![hour] = n;
  const staff = visits.groups.find((g) => g.staff) ?? { ...EMPTY_GROUP, staff: true };
  const receptionist = visits.groups.find((g) => !g.staff) ?? { ...EMPTY_GROUP, staff: false };
  const all = sum(staff, receptionist);
  const bySource = Object.fromEntries(BOOKING_SOURCES.map((s) => [s, visits.by_source[s] ?? 0])) as Record<
    (typeof BOOKING_SOURCES)[number],
    number
  >;
  const fromCalls = CALL_SOURCES.reduce((n, s) => n + bySource[s], 0);
  const totalCost = calls.total_cost;
  const remindedResolved = all.reminded_kept + all.reminded_no_show;
  const notRemindedResolved = all.not_reminded_kept + all.not_reminded_no_show;
  return {
    range: { from: filter.from, to: filter.to, timeZone },
    calls: {
      total: calls.total,
      answeredAfterHours: calls.after_hours,
      averageDurationSeconds: calls.average_duration,
      byDay: datesOf(filter.from, filter.to).map((date) => ({ date, count: byDay.get(date) ?? 0 })),
      byHourOfWeek,
      endedReasons: calls.ended_reasons.map(([reason, count]) => ({ reason, count })),
    },
    bookings: {
      total: all.total,
      bySource,
      conversion: ratio(fromCalls, calls.total),
      conversionBySource: Object.fromEntries(
        CALL_SOURCES.map((s) => [s, ratio(bySource[s], calls.total)]),
      ) as Analytics['bookings']['conversionBySource'],
      newPatients: all.new_patients,
      returningPatients: all.returning_patients,
    },
    outcomes: {
      ...outcomeCounts(all),
      receptionist: outcomeCounts(receptionist),
      staff: outcomeCounts(staff),
    },
    reminders: {
      reminded: all.reminded,
      notReminded: all.total - all.reminded,
      confirmedRate: ratio(all.reminded_confirmed, all.reminded),
      noShowRateReminded: ratio(all.reminded_no_show, remindedResolved),
      noShowRateNotReminded: ratio(all.not_reminded_no_show, notRemindedResolved),
    },
    callbacks: {
      opened: callbacks.opened,
      closed: callbacks.closed,
      closedInTime: callbacks.closed_in_time,
    },
    money: {
      totalCost,
      costPerCall: ratio(totalCost, calls.total),
      costPerBookedVisit: ratio(totalCost, receptionist.total),
      costPerKeptVisit: ratio(totalCost, receptionist.kept),
      estimatedValue: visits.values_set ? dollars(receptionist.value_cents) : null,
      byAssistant: moneyRows(calls.by_assistant, visits.by_assistant, visits.values_set, 'No assistant'),
      byNumber: moneyRows(calls.by_number, visits.by_number, visits.values_set, 'No number'),
    },
  };
}

const CSV_COLUMNS: [string, (row: ExportRow) => string | number | null][] = [
  ['call_id', (r) => r.id],
  ['started', (r) => r.started],
  ['type', (r) => r.type],
  ['assistant', (r) => r.assistant],
  ['number', (r) => r.number],
  ['duration_seconds', (r) => r.duration_seconds],
  ['ended_reason', (r) => r.ended_reason],
  ['cost_usd', (r) => r.cost],
  ['bookings', (r) => r.bookings],
  ['booking_sources', (r) => r.sources],
  ['appointment_types', (r) => r.appointment_types],
  ['outcomes', (r) => r.outcomes],
  ['estimated_value_usd', (r) => (r.value_cents === null ? null : dollars(r.value_cents))],
];

/** A CSV cell; text a spreadsheet would run as a formula is quoted as text. */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  const safe = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function createAnalyticsService(
  repo: AnalyticsRepo,
  now: () => Date = () => new Date(),
  { exportMaxRows = EXPORT_MAX_ROWS }: { exportMaxRows?: number } = {},
) {
  async function values(practice: PracticeContext): Promise<AppointmentValues> {
    return {
      values: (await repo.values(practice.id)).map((row) => ({
        appointmentType: row.code,
        label: row.label,
        value: row.valueCents === null ? null : dollars(row.valueCents),
      })),
    };
  }

  function params(practice: PracticeContext, scope: CallScope, filter: AnalyticsFilter): AnalyticsParams {
    const day = (date: string) => instantFromWall(`${date}T00:00:00`, practice.timeZone);
    return {
      practiceId: practice.id,
      timeZone: practice.timeZone,
      from: day(filter.from),
      to: day(addMinutesToWall(`${filter.to}T00:00:00`, 1440).slice(0, 10)),
      now: now(),
      scope,
      ...(filter.assistantId && { assistantId: filter.assistantId }),
      ...(filter.phoneNumberId && { phoneNumberId: filter.phoneNumberId }),
    };
  }

  return {
    params,

    async read(practice: PracticeContext, scope: CallScope, filter: AnalyticsFilter): Promise<Analytics> {
      return toAnalytics(filter, practice.timeZone, await repo.read(params(practice, scope, filter)));
    },

    async exportCsv(practice: PracticeContext, scope: CallScope, filter: AnalyticsFilter): Promise<string> {
      // One row more than the cap tells a range that has more: refused, never cut short without a word.
      const rows = await repo.exportRows(params(practice, scope, filter), exportMaxRows + 1);
      if (rows.length > exportMaxRows) {
        throw badRequest(
          `These dates have more than ${exportMaxRows.toLocaleString('en-US')} calls, more than one download ` +
            'holds. Choose fewer dates and download each part.',
        );
      }
      const lines = [
        CSV_COLUMNS.map(([name]) => name).join(','),
        ...rows.map((row) => CSV_COLUMNS.map(([, cell]) => csvCell(cell(row))).join(',')),
      ];
      return lines.join('\r\n') + '\r\n';
    },

    values,

    async setValues(practice: PracticeContext, body: AppointmentValuesBody): Promise<AppointmentValues> {
      const known = new Set((await repo.values(practice.id)).map((row) => row.code));
      const unknown = body.values.find((v) => !known.has(v.appointmentType));
      if (unknown) {
        throw badRequest(`There is no appointment type "${unknown.appointmentType}".`, {
          values: 'Choose one of the appointment types listed.',
        });
      }
      await repo.setValues(
        practice.id,
        body.values.map((v) => ({
          code: v.appointmentType,
          valueCents: v.value === null ? null : cents(v.value),
        })),
      );
      return values(practice);
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
