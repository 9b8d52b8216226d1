import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { workflowsQueryOptions } from './get-workflows';

export const createWorkflow = (input: { name: string }) => apiRequest<unknown>('POST', '/api/workflows', input);

export function useCreateWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkflow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowsQueryOptions.queryKey }),
  });
}
