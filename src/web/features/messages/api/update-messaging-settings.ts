import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessagingSettings, UpdateMessagingSettingsInput } from '#shared/schemas/messaging';
import { apiRequest } from '../../../lib/api-client';
import { MESSAGING_SETTINGS_KEY } from './get-messaging-settings';

/** PUT /api/messaging-settings; a template breaking a rule → 400 naming the rule. */
export const updateMessagingSettings = (input: UpdateMessagingSettingsInput) =>
  apiRequest<MessagingSettings>('PUT', '/api/messaging-settings', input);

export function useUpdateMessagingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMessagingSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MESSAGING_SETTINGS_KEY }),
  });
}
