import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { workflowsQueryOptions } from './get-workflows';

export const deleteWorkflow = (id: string) =>
  apiRequest<unknown>('DELETE', `/api/workflows/${encodeURIComponent(id)}`);

export function useDeleteWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkflow,
    onSettled: () => queryClient.invalidateQueries({ queryKey: workflowsQueryOptions.queryKey }),
  });
}
