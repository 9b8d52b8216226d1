import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActiveConnectorResponse } from '#shared/schemas/connectors';
import { apiGet } from '../../../lib/api-client';

/** Always refetched (spec): it decides which schedule the calendar shows. */
export const activeConnectorQueryOptions = queryOptions({
  queryKey: ['/api/active-connector'],
  queryFn: ({ queryKey }) => apiGet<ActiveConnectorResponse>(queryKey),
  refetchOnMount: 'always',
});

export function useActiveConnector() {
  return useQuery(activeConnectorQueryOptions);
}
