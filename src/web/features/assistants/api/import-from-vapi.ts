import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VoicePlatformImportResponse } from '#shared/schemas/voice-platform';
import { apiRequest } from '../../../lib/api-client';
import { assistantsQueryOptions } from './get-assistants';

/**
 * Pulls the assistants and numbers that already exist on the practice's Vapi account (admins). The phone
 * numbers list is never kept fresh across screens, so only this feature's list needs invalidating.
 */
export const importFromVapi = () =>
  apiRequest<VoicePlatformImportResponse>('POST', '/api/voice-platform/import');

export function useImportFromVapi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importFromVapi,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assistantsQueryOptions.queryKey }),
  });
}
