import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { RecallListResponse } from '#shared/schemas/recall';

export const RECALL_KEY = ['/api/recall'] as const;

/**
 * The patients due for recall, most overdue first. Read whole and searched on the screen: a practice system
 * like Kolla pages through years of appointments for it, so it is not asked again per keystroke.
 */
export const recallQueryOptions = queryOptions({
  queryKey: RECALL_KEY,
  queryFn: ({ queryKey }) => apiGet<RecallListResponse>(queryKey),
  staleTime: 5 * 60_000,
});

export function useRecall() {
  return useQuery(recallQueryOptions);
}
