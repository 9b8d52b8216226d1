import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AssistantListResponse } from '#shared/schemas/assistants';
import { apiGet } from '../../../lib/api-client';

export const assistantsQueryOptions = queryOptions({
  queryKey: ['/api/assistants'],
  queryFn: ({ queryKey }) => apiGet<AssistantListResponse>(queryKey),
});

export function useAssistants(enabled = true) {
  return useQuery({ ...assistantsQueryOptions, enabled });
}
