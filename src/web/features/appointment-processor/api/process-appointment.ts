import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProcessAppointmentResponse } from '#shared/schemas/processor';
import { apiRequest } from '../../../lib/api-client';
import { callProcessingQueryOptions } from './get-calls';

export function useProcessAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (callId: string) =>
      apiRequest<ProcessAppointmentResponse>(
        'POST',
        `/api/call/${encodeURIComponent(callId)}/process-appointment`,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: callProcessingQueryOptions.queryKey }),
  });
}
