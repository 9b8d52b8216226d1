import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { CallbackListResponse } from '#shared/schemas/callbacks';
import { apiGet } from '../../../lib/api-client';

/** The inbox's filters: open tasks, the open tasks I hold, and closed tasks with their notes. */
export const CALLBACK_FILTERS = ['open', 'mine', 'closed'] as const;
export type CallbackFilter = (typeof CALLBACK_FILTERS)[number];

const URLS: Record<CallbackFilter, string> = {
  open: '/api/callbacks?status=open',
  mine: '/api/callbacks?status=open&takenBy=me',
  closed: '/api/callbacks?status=done',
};

export const callbacksQueryOptions = (filter: CallbackFilter) =>
  queryOptions({
    queryKey: [URLS[filter]],
    queryFn: ({ queryKey }) => apiGet<CallbackListResponse>(queryKey),
  });

export const openCallbacksQueryOptions = callbacksQueryOptions('open');

export const useCallbacks = (filter: CallbackFilter) => useQuery(callbacksQueryOptions(filter));
export const useOpenCallbacks = (enabled = true) => useQuery({ ...openCallbacksQueryOptions, enabled });

/** A task changed: every filter's list is read again. */
export const invalidateCallbacks = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    predicate: (query) => String(query.queryKey[0]).startsWith('/api/callbacks?'),
  });
