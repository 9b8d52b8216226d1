import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConnectorResponse } from '#shared/schemas/connectors';
import { apiGet } from '../../../lib/api-client';
import { CONNECTORS_KEY } from './get-connectors';

export const connectorQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...CONNECTORS_KEY, id],
    queryFn: ({ queryKey }) => apiGet<ConnectorResponse>(queryKey),
  });

export function useConnector(id: string | undefined) {
  return useQuery({ ...connectorQueryOptions(id ?? ''), enabled: Boolean(id) });
}
