import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallResponse, SimulateCallBody } from '#shared/schemas/calls';
import { apiRequest } from '../../../lib/api-client';
import { CALLS_KEY } from './get-calls';

export const simulateCall = (body: SimulateCallBody) =>
  apiRequest<CallResponse>('POST', '/api/calls/simulate', body);

export function useSimulateCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulateCall,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CALLS_KEY }),
  });
}
