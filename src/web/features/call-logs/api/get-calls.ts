import { infiniteQueryOptions, queryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CallFilter, CallListResponse } from '#shared/schemas/calls';
import { apiRequest } from '../../../lib/api-client';

export const CALLS_KEY = ['/api/calls'] as const;

export function callsQueryString(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, String(value));
  const query = search.toString();
  return query ? `?${query}` : '';
}

/** Newest first, one keyset page at a time, filtered on the server. */
export const callsQueryOptions = (filter: CallFilter = {}, limit?: number) =>
  infiniteQueryOptions({
    queryKey: [...CALLS_KEY, filter, limit ?? null],
    queryFn: ({ pageParam }) =>
      apiRequest<CallListResponse>(
        'GET',
        `${CALLS_KEY[0]}${callsQueryString({ ...filter, limit, cursor: pageParam })}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useCalls(filter: CallFilter, limit?: number) {
  return useInfiniteQuery(callsQueryOptions(filter, limit));
}

/** The latest few calls (the Overview's Recent Activity): one page, no paging. */
export const recentCallsQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: [...CALLS_KEY, 'recent', limit],
    queryFn: () => apiRequest<CallListResponse>('GET', `${CALLS_KEY[0]}${callsQueryString({ limit })}`),
  });
