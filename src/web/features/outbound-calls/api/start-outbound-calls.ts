import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { StartOutboundCallsInput, StartOutboundCallsResponse } from '#shared/schemas/outbound-calls';
import { OUTBOUND_CALLS_KEY } from './get-outbound-calls';

/** One key per press of a button: a resent request starts nothing twice. */
export const startOutboundCalls = (body: StartOutboundCallsInput, idempotencyKey: string) =>
  apiRequest<StartOutboundCallsResponse>('POST', '/api/outbound-calls/start', body, {
    'Idempotency-Key': idempotencyKey,
  });

export function useStartOutboundCalls() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: StartOutboundCallsInput; idempotencyKey: string }) =>
      startOutboundCalls(body, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OUTBOUND_CALLS_KEY }),
  });
}
