import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VoicePlatformImportResponse } from '#shared/schemas/voice-platform';
import { apiRequest } from '../../../lib/api-client';
import { phoneNumbersQueryOptions } from '../../phone-numbers';
import { assistantsQueryOptions } from './get-assistants';

/**
 * Pulls the assistants and numbers that already exist on the practice's Vapi account (admins). Both lists are
 * kept fresh for 5 minutes, so both are asked again.
 */
export const importFromVapi = () =>
  apiRequest<VoicePlatformImportResponse>('POST', '/api/voice-platform/import');

export function useImportFromVapi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importFromVapi,
    // Settled, not only succeeded: a failure part-way (the numbers) may follow assistants that came in.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: assistantsQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: phoneNumbersQueryOptions.queryKey }),
      ]),
  });
}
