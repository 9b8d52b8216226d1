import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkflowListResponse } from '#shared/schemas/workflows';
import { apiGet } from '../../../lib/api-client';

export const workflowsQueryOptions = queryOptions({
  queryKey: ['/api/workflows'],
  queryFn: ({ queryKey }) => apiGet<WorkflowListResponse>(queryKey),
});

export function useWorkflows(enabled = true) {
  return useQuery({ ...workflowsQueryOptions, enabled });
}
