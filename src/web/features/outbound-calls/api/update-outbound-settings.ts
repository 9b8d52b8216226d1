import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { OutboundSettings } from '#shared/schemas/outbound-calls';
import { OUTBOUND_SETTINGS_KEY } from './get-outbound-settings';
import { RECALL_KEY } from './get-recall';

export const updateOutboundSettings = (body: OutboundSettings) =>
  apiRequest<OutboundSettings>('PUT', '/api/outbound-settings', body);

export function useUpdateOutboundSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOutboundSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(OUTBOUND_SETTINGS_KEY, settings);
      // The recall interval decides who is due.
      void queryClient.invalidateQueries({ queryKey: RECALL_KEY });
    },
  });
}
