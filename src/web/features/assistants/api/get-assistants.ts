import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssistantListResponse } from '#shared/schemas/assistants';
import { apiGet } from '../../../lib/api-client';
import { FIVE_MINUTES } from '../../../lib/query-client';

/** Fresh for 5 minutes (spec part 1, section 7); this feature's own writes invalidate it. */
export const assistantsQueryOptions = queryOptions({
  queryKey: ['/api/assistants'],
  queryFn: ({ queryKey }) => apiGet<AssistantListResponse>(queryKey),
  staleTime: FIVE_MINUTES,
});

export function useAssistants(enabled = true) {
  return useQuery({ ...assistantsQueryOptions, enabled });
}
