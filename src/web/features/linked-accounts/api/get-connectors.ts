import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConnectorListResponse } from '#shared/schemas/connectors';
import { apiGet } from '../../../lib/api-client';

/** Every connectors query (list and one connector) starts with this key. */
export const CONNECTORS_KEY = ['/api/connectors'] as const;

export const connectorsQueryOptions = queryOptions({
  queryKey: CONNECTORS_KEY,
  queryFn: ({ queryKey }) => apiGet<ConnectorListResponse>(queryKey),
});

export function useConnectors(enabled = true) {
  return useQuery({ ...connectorsQueryOptions, enabled });
}
