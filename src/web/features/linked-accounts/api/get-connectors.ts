import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConnectorListResponse } from '#shared/schemas/connectors';
import { apiGet } from '../../../lib/api-client';
import { FIVE_MINUTES } from '../../../lib/query-client';

/** Every connectors query (list and one connector) starts with this key. */
export const CONNECTORS_KEY = ['/api/connectors'] as const;

/** Cached 5 minutes (spec part 2, section 9); this feature's own writes invalidate it. */
export const connectorsQueryOptions = queryOptions({
  queryKey: CONNECTORS_KEY,
  queryFn: ({ queryKey }) => apiGet<ConnectorListResponse>(queryKey),
  staleTime: FIVE_MINUTES,
});

export function useConnectors(enabled = true) {
  return useQuery({ ...connectorsQueryOptions, enabled });
}
