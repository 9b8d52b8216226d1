import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { CallTransferSettings } from '#shared/schemas/call-transfer';

export const CALL_TRANSFER_SETTINGS_KEY = ['/api/call-transfer-settings'] as const;

export const callTransferSettingsQueryOptions = queryOptions({
  queryKey: CALL_TRANSFER_SETTINGS_KEY,
  queryFn: ({ queryKey }) => apiGet<CallTransferSettings>(queryKey),
});

/** Admins only: the server answers 403 to anyone else, so others do not ask. */
export function useCallTransferSettings(enabled: boolean) {
  return useQuery({ ...callTransferSettingsQueryOptions, enabled });
}
