import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { StartOutboundCallsBody, StartOutboundCallsResponse } from '../lib/outbound-types';
import { OUTBOUND_CALLS_KEY } from './get-outbound-calls';

/** One key per press of a button: a resent request starts nothing twice. */
export const startOutboundCalls = (body: StartOutboundCallsBody, idempotencyKey: string) =>
  apiRequest<StartOutboundCallsResponse>('POST', '/api/outbound-calls/start', body, {
    'Idempotency-Key': idempotencyKey,
  });

export function useStartOutboundCalls() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: StartOutboundCallsBody; idempotencyKey: string }) =>
      startOutboundCalls(body, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OUTBOUND_CALLS_KEY }),
  });
}
