import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { RecallTextsInput, RecallTextsResponse } from '#shared/schemas/recall';

/** "Text selected": the practice's recall text; one Idempotency-Key per intended action. */
export const textRecallPatients = (body: RecallTextsInput, idempotencyKey: string) =>
  apiRequest<RecallTextsResponse>('POST', '/api/recall/texts', body, { 'Idempotency-Key': idempotencyKey });

export function useTextRecallPatients() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: RecallTextsInput; idempotencyKey: string }) =>
      textRecallPatients(body, idempotencyKey),
  });
}
