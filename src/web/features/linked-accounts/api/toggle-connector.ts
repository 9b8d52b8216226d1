import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectorResponse } from '#shared/schemas/connectors';
import { apiRequest } from '../../../lib/api-client';
import { activeConnectorQueryOptions } from './get-active-connector';
import { connectorsQueryOptions } from './get-connectors';

/** Scheduling data comes from the active connector: all of it is stale after a toggle (spec point 4). */
const SCHEDULE_KEY_PREFIXES = ['/api/providers', '/api/appointments', '/api/slots', '/api/dentists'];

export const toggleConnector = ({ id, isActive }: { id: string; isActive: boolean }) =>
  apiRequest<ConnectorResponse>('PATCH', `/api/connectors/${id}/toggle`, { isActive });

export function useToggleConnector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleConnector,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: connectorsQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: activeConnectorQueryOptions.queryKey }),
        queryClient.invalidateQueries({
          predicate: ({ queryKey }) =>
            typeof queryKey[0] === 'string' &&
            SCHEDULE_KEY_PREFIXES.some((prefix) => (queryKey[0] as string).startsWith(prefix)),
        }),
      ]),
  });
}
