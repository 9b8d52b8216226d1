import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWorkflowInput, WorkflowResponse } from '#shared/schemas/workflows';
import { apiRequest } from '../../../lib/api-client';
import { workflowsQueryOptions } from './get-workflows';

export const createWorkflow = (input: CreateWorkflowInput) =>
  apiRequest<WorkflowResponse>('POST', '/api/workflows', input);

export function useCreateWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkflow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowsQueryOptions.queryKey }),
  });
}
