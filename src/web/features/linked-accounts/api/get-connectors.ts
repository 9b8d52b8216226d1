import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConnectorListResponse } from '#shared/schemas/connectors';
import { apiGet } from '../../../lib/api-client';

export const connectorsQueryOptions = queryOptions({
  queryKey: ['/api/connectors'],
  queryFn: ({ queryKey }) => apiGet<ConnectorListResponse>(queryKey),
});

export function useConnectors(enabled = true) {
  return useQuery({ ...connectorsQueryOptions, enabled });
}
