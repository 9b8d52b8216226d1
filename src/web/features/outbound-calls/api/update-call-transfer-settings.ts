import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { CallTransferSettings, UpdateCallTransferSettingsInput } from '#shared/schemas/call-transfer';
import { CALL_TRANSFER_SETTINGS_KEY } from './get-call-transfer-settings';

export const updateCallTransferSettings = (body: UpdateCallTransferSettingsInput) =>
  apiRequest<CallTransferSettings>('PUT', '/api/call-transfer-settings', body);

export function useUpdateCallTransferSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCallTransferSettings,
    onSuccess: (settings) => queryClient.setQueryData(CALL_TRANSFER_SETTINGS_KEY, settings),
  });
}
