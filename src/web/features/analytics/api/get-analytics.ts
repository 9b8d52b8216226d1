import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Analytics, AnalyticsFilter } from '#shared/schemas/analytics';
import { apiRequest } from '../../../lib/api-client';

export const ANALYTICS_KEY = ['/api/analytics'] as const;

/** `?from=&to=` and the assistant or number filter when set. */
export function analyticsQueryString(filter: AnalyticsFilter): string {
  const params = new URLSearchParams({ from: filter.from, to: filter.to });
  if (filter.assistantId) params.set('assistantId', filter.assistantId);
  if (filter.phoneNumberId) params.set('phoneNumberId', filter.phoneNumberId);
  return `?${params.toString()}`;
}

export const analyticsQueryOptions = (filter: AnalyticsFilter) =>
  queryOptions({
    queryKey: [...ANALYTICS_KEY, filter],
    queryFn: () => apiRequest<Analytics>('GET', `${ANALYTICS_KEY[0]}${analyticsQueryString(filter)}`),
  });

/** The figures for a range; the previous range's stay on screen while the next one loads. */
export function useAnalytics(filter: AnalyticsFilter) {
  return useQuery({ ...analyticsQueryOptions(filter), placeholderData: keepPreviousData });
}
