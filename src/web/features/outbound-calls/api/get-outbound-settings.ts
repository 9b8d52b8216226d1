import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { OutboundSettings } from '#shared/schemas/outbound-calls';

export const OUTBOUND_SETTINGS_KEY = ['/api/outbound-settings'] as const;

export const outboundSettingsQueryOptions = queryOptions({
  queryKey: OUTBOUND_SETTINGS_KEY,
  queryFn: ({ queryKey }) => apiGet<OutboundSettings>(queryKey),
});

/** Admins only: the server answers 403 to anyone else, so others do not ask. */
export function useOutboundSettings(enabled: boolean) {
  return useQuery({ ...outboundSettingsQueryOptions, enabled });
}
