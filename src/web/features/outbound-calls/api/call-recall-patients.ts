import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { RecallCallsInput, RecallCallsResponse } from '#shared/schemas/recall';
import { OUTBOUND_CALLS_KEY } from './get-outbound-calls';

/** "Call selected": one Idempotency-Key per intended action, so a resent request calls nobody twice. */
export const callRecallPatients = (body: RecallCallsInput, idempotencyKey: string) =>
  apiRequest<RecallCallsResponse>('POST', '/api/recall/calls', body, { 'Idempotency-Key': idempotencyKey });

export function useCallRecallPatients() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: RecallCallsInput; idempotencyKey: string }) =>
      callRecallPatients(body, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OUTBOUND_CALLS_KEY }),
  });
}
