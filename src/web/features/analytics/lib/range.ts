import {
  addDays,
  addMonths,
  endOfMonth,
  format,
  isValid,
  parseISO,
  startOfMonth,
  startOfYear,
} from 'date-fns';
import { ANALYTICS_MAX_DAYS, daysInRange, type AnalyticsFilter } from '#shared/schemas/analytics';

/** Calendar days as the API takes them. */
export const day = (date: Date) => format(date, 'yyyy-MM-dd');

export const PRESETS = [
  { id: '7d', label: 'Last 7 days', range: (today: Date) => [addDays(today, -6), today] },
  { id: '30d', label: 'Last 30 days', range: (today: Date) => [addDays(today, -29), today] },
  { id: '90d', label: 'Last 90 days', range: (today: Date) => [addDays(today, -89), today] },
  { id: 'month', label: 'This month', range: (today: Date) => [startOfMonth(today), today] },
  {
    id: 'last-month',
    label: 'Last month',
    range: (today: Date) => [startOfMonth(addMonths(today, -1)), endOfMonth(addMonths(today, -1))],
  },
  { id: '6m', label: 'Last 6 months', range: (today: Date) => [addDays(addMonths(today, -6), 1), today] },
  { id: 'ytd', label: 'Year to date', range: (today: Date) => [startOfYear(today), today] },
] as const satisfies readonly { id: string; label: string; range: (today: Date) => [Date, Date] }[];
export type PresetId = (typeof PRESETS)[number]['id'];
export const DEFAULT_PRESET: PresetId = '30d';

export function presetRange(id: PresetId, today: Date): { from: string; to: string } {
  const [from, to] = PRESETS.find((p) => p.id === id)!.range(today);
  return { from: day(from), to: day(to) };
}

/** The preset these dates are (for the select), or undefined for a custom range. */
export function presetOf(filter: { from: string; to: string }, today: Date): PresetId | undefined {
  return PRESETS.find((p) => {
    const range = presetRange(p.id, today);
    return range.from === filter.from && range.to === filter.to;
  })?.id;
}

const isDay = (value: string | null): value is string =>
  !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && isValid(parseISO(value));

/**
 * The filter a URL holds (`?from=&to=&assistant=&number=`): the default range (the last 30 days) for dates that
 * are missing, not dates, backwards or too long; the server checks again.
 */
export function filterFromUrl(params: URLSearchParams, today: Date): AnalyticsFilter {
  const from = params.get('from');
  const to = params.get('to');
  const dates =
    isDay(from) && isDay(to) && from <= to && daysInRange(from, to) <= ANALYTICS_MAX_DAYS
      ? { from, to }
      : presetRange(DEFAULT_PRESET, today);
  const assistantId = params.get('assistant') || undefined;
  const phoneNumberId = params.get('number') || undefined;
  return { ...dates, ...(assistantId && { assistantId }), ...(phoneNumberId && { phoneNumberId }) };
}

/** The URL's parameters for a filter. */
export function urlOf(filter: AnalyticsFilter): URLSearchParams {
  const params = new URLSearchParams({ from: filter.from, to: filter.to });
  if (filter.assistantId) params.set('assistant', filter.assistantId);
  if (filter.phoneNumberId) params.set('number', filter.phoneNumberId);
  return params;
}

/** '1 Mar 2025 – 31 Mar 2025'. */
export const rangeLabel = (filter: { from: string; to: string }) =>
  `${format(parseISO(filter.from), 'd MMM yyyy')} – ${format(parseISO(filter.to), 'd MMM yyyy')}`;
