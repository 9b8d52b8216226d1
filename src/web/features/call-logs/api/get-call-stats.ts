import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallFilter, CallStats } from '#shared/schemas/calls';
import { apiRequest } from '../../../lib/api-client';
import { CALLS_KEY, callsQueryString } from './get-calls';

/** The four stat cards over the same filter as the list; `period: 'month'` for this month only. */
export const callStatsQueryOptions = (filter: CallFilter & { period?: 'month' } = {}) =>
  queryOptions({
    queryKey: [...CALLS_KEY, 'stats', filter],
    queryFn: () => apiRequest<CallStats>('GET', `${CALLS_KEY[0]}/stats${callsQueryString(filter)}`),
  });

export function useCallStats(filter: CallFilter & { period?: 'month' }) {
  return useQuery(callStatsQueryOptions(filter));
}
