import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProcessPendingResponse } from '#shared/schemas/processor';
import { apiRequest } from '../../../lib/api-client';
import { callProcessingQueryOptions } from './get-calls';

export function useProcessPending() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ProcessPendingResponse>('POST', '/api/process-pending-appointments'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: callProcessingQueryOptions.queryKey }),
  });
}
