import { format, parseISO } from 'date-fns';
import {
  BOOKING_SOURCE_LABELS,
  BOOKING_SOURCES,
  CALL_SOURCES,
  type Analytics,
  type MoneyRow,
  type OutcomeCounts,
} from '#shared/schemas/analytics';
import { keptRate } from '#shared/analytics';
import { formatDuration } from '#shared/format';
import { count, money, percent, perHundred, plural } from './format';

/**
 * Every figure of the screen as a table: the chart draws these rows, "view as table" shows them, and the CSV
 * holds them; one source, so the three always agree.
 */
export interface Figure {
  id: string;
  title: string;
  columns: string[];
  rows: string[][];
  /** How many things the chart would draw (calls, bookings, visits): under 10 a chart misleads. */
  points: number;
  /** The same numbers in words, for when a chart would mislead. */
  words: string;
}

/** Under this many data points the screen says the numbers in words instead of drawing them. */
export const FEW_POINTS = 10;

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
const shortDate = (date: string) => format(parseISO(date), 'd MMM');

/** 'a, b and c'. */
function list(parts: string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** '3 calls: 2 on 3 Mar and 1 on 5 Mar.' */
function inWords(total: number, noun: string, parts: [string, number][], join = 'on'): string {
  const some = parts.filter(([, n]) => n > 0);
  if (total === 0) return `No ${noun}s.`;
  return `${plural(total, noun)}: ${list(some.map(([what, n]) => `${count(n)} ${join} ${what}`))}.`;
}

function callsByDay(a: Analytics): Figure {
  const parts = a.calls.byDay.map((d): [string, number] => [shortDate(d.date), d.count]);
  return {
    id: 'calls-by-day',
    title: 'Calls per day',
    columns: ['Date', 'Calls'],
    rows: a.calls.byDay.map((d) => [d.date, String(d.count)]),
    points: a.calls.total,
    words: inWords(a.calls.total, 'call', parts),
  };
}

function callsByHour(a: Analytics): Figure {
  const parts: [string, number][] = a.calls.byHourOfWeek.flatMap((hours, dow) =>
    hours.map((n, hour): [string, number] => [`${WEEKDAYS[dow]} at ${hourLabel(hour)}`, n]),
  );
  return {
    id: 'calls-by-hour',
    title: 'Calls by hour of the week',
    columns: ['Day', ...Array.from({ length: 24 }, (_, hour) => hourLabel(hour))],
    rows: a.calls.byHourOfWeek.map((hours, dow) => [WEEKDAYS[dow]!, ...hours.map(String)]),
    points: a.calls.total,
    words: inWords(a.calls.total, 'call', parts, 'on'),
  };
}

function endedReasons(a: Analytics): Figure {
  return {
    id: 'ended-reasons',
    title: 'How calls ended',
    columns: ['Ended reason', 'Calls'],
    rows: a.calls.endedReasons.map((r) => [r.reason, String(r.count)]),
    points: a.calls.total,
    words: inWords(
      a.calls.total,
      'call',
      a.calls.endedReasons.map((r) => [r.reason, r.count]),
      'ended with',
    ),
  };
}

function bookingsBySource(a: Analytics): Figure {
  const { bySource, conversionBySource } = a.bookings;
  return {
    id: 'bookings-by-source',
    title: 'Bookings by source',
    columns: ['Source', 'Bookings', 'Bookings per 100 calls'],
    rows: BOOKING_SOURCES.map((s) => [
      BOOKING_SOURCE_LABELS[s],
      String(bySource[s]),
      (CALL_SOURCES as readonly string[]).includes(s)
        ? perHundred(conversionBySource[s as (typeof CALL_SOURCES)[number]])
        : '—',
    ]),
    points: a.bookings.total,
    words: inWords(
      a.bookings.total,
      'booking',
      BOOKING_SOURCES.map((s) => [BOOKING_SOURCE_LABELS[s].toLowerCase(), bySource[s]]),
      'from',
    ),
  };
}

export const OUTCOME_ROWS: [keyof OutcomeCounts, string][] = [
  ['kept', 'Kept'],
  ['noShow', 'No-show'],
  ['cancelled', 'Cancelled'],
  ['lateCancelled', 'of them late (under 24 hours)'],
  ['unresolved', 'Unresolved (time passed, not marked)'],
  ['upcoming', 'Upcoming'],
];

function outcomes(a: Analytics): Figure {
  const { receptionist, staff } = a.outcomes;
  const words = (who: string, o: OutcomeCounts) =>
    `Booked by ${who}: ${count(o.kept)} kept, ${count(o.noShow)} no-show, ${count(o.cancelled)} cancelled ` +
    `(${count(o.lateCancelled)} late), ${count(o.unresolved)} unresolved, ${count(o.upcoming)} upcoming.`;
  return {
    id: 'outcomes',
    title: 'What happened to the visits booked',
    columns: ['Outcome', 'Booked by the receptionist', 'Booked by staff'],
    rows: [
      ...OUTCOME_ROWS.map(([key, label]) => [label, String(receptionist[key]), String(staff[key])]),
      ['Kept rate', percent(keptRate(receptionist)), percent(keptRate(staff))],
    ],
    points: a.bookings.total,
    words: `${words('the receptionist', receptionist)} ${words('staff', staff)}`,
  };
}

function reminders(a: Analytics): Figure {
  const r = a.reminders;
  return {
    id: 'reminders',
    title: 'Reminders',
    columns: ['Visits', 'Count', 'Confirmed', 'No-show rate'],
    rows: [
      ['Reminded', String(r.reminded), percent(r.confirmedRate), percent(r.noShowRateReminded)],
      ['Not reminded', String(r.notReminded), '—', percent(r.noShowRateNotReminded)],
    ],
    points: r.reminded + r.notReminded,
    words:
      `${plural(r.reminded, 'visit')} reminded (${percent(r.confirmedRate)} confirmed, no-show rate ` +
      `${percent(r.noShowRateReminded)}); ${plural(r.notReminded, 'visit')} not reminded (no-show rate ` +
      `${percent(r.noShowRateNotReminded)}).`,
  };
}

/** Said for a money figure with no rows: no calls in the dates, and no booking made on a call. */
export const NO_MONEY_ROWS = 'No calls in these dates, and no bookings made on a call.';

function moneyFigure(id: string, title: string, who: string, rows: MoneyRow[], calls: number): Figure {
  return {
    id,
    title,
    columns: [
      who,
      'Calls',
      'Cost',
      'Bookings',
      'Kept',
      'Cost per booked visit',
      'Cost per kept visit',
      'Estimated value',
    ],
    rows: rows.map((r) => [
      r.name,
      String(r.calls),
      money(r.cost),
      String(r.bookings),
      String(r.kept),
      money(r.costPerBookedVisit),
      money(r.costPerKeptVisit),
      money(r.estimatedValue),
    ]),
    points: calls,
    words:
      rows.length === 0
        ? NO_MONEY_ROWS
        : rows
            .map(
              (r) =>
                `${r.name}: ${plural(r.calls, 'call')} costing ${money(r.cost)}, ${plural(r.bookings, 'booking')}, ` +
                `${count(r.kept)} kept.`,
            )
            .join(' '),
  };
}

/** The headline numbers, as a figure of their own (the first part of the CSV). */
function summary(a: Analytics): Figure {
  const rows: [string, string][] = [
    ['Calls', count(a.calls.total)],
    ['Answered after hours', count(a.calls.answeredAfterHours)],
    ['Average call length', formatDuration(a.calls.averageDurationSeconds)],
    ['Bookings', count(a.bookings.total)],
    ['Bookings per 100 calls', perHundred(a.bookings.conversion)],
    ['New patients', count(a.bookings.newPatients)],
    ['Returning patients', count(a.bookings.returningPatients)],
    ['Kept rate', percent(keptRate(a.outcomes))],
    ['Callbacks opened', count(a.callbacks.opened)],
    ['Callbacks closed', count(a.callbacks.closed)],
    ['Callbacks closed by their due time', count(a.callbacks.closedInTime)],
    ['Total cost', money(a.money.totalCost)],
    ['Cost per call', money(a.money.costPerCall)],
    ['Cost per booked visit', money(a.money.costPerBookedVisit)],
    ['Cost per kept visit', money(a.money.costPerKeptVisit)],
    ['Estimated value of visits booked (estimate)', money(a.money.estimatedValue)],
  ];
  return {
    id: 'summary',
    title: 'Summary',
    columns: ['Figure', 'Value'],
    rows,
    points: rows.length,
    words: rows.map(([label, value]) => `${label}: ${value}.`).join(' '),
  };
}

export function figuresOf(a: Analytics) {
  return {
    summary: summary(a),
    callsByDay: callsByDay(a),
    callsByHour: callsByHour(a),
    endedReasons: endedReasons(a),
    bookingsBySource: bookingsBySource(a),
    outcomes: outcomes(a),
    reminders: reminders(a),
    byAssistant: moneyFigure(
      'by-assistant',
      'Money by assistant',
      'Assistant',
      a.money.byAssistant,
      a.calls.total,
    ),
    byNumber: moneyFigure('by-number', 'Money by number', 'Number', a.money.byNumber, a.calls.total),
  };
}
export type Figures = ReturnType<typeof figuresOf>;

/** A CSV cell; text a spreadsheet would run as a formula is quoted as text. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The whole screen as one CSV: each figure's title, its columns and its rows, a blank line between. */
export function figuresCsv(a: Analytics, figures: Figures): string {
  const lines = [
    [`Analytics ${a.range.from} to ${a.range.to}`, `Time zone ${a.range.timeZone}`].map(cell).join(','),
    '',
  ];
  for (const figure of Object.values(figures)) {
    lines.push(cell(figure.title), figure.columns.map(cell).join(','));
    for (const row of figure.rows) lines.push(row.map(cell).join(','));
    lines.push('');
  }
  return lines.join('\r\n');
}
