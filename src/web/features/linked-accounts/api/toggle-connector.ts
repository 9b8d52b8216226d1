import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectorResponse } from '#shared/schemas/connectors';
import { apiRequest } from '../../../lib/api-client';
import { activeConnectorQueryOptions } from './get-active-connector';
import { CONNECTORS_KEY } from './get-connectors';

export const toggleConnector = ({ id, isActive }: { id: string; isActive: boolean }) =>
  apiRequest<ConnectorResponse>('PATCH', `/api/connectors/${id}/toggle`, { isActive });

/**
 * Scheduling data comes from the active connector: all of it is stale after a toggle (spec point 4).
 * The features that own that data say how to refresh it; the route hands it in as `onScheduleSourceChanged`.
 */
export function useToggleConnector(onScheduleSourceChanged: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleConnector,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CONNECTORS_KEY }),
        queryClient.invalidateQueries({ queryKey: activeConnectorQueryOptions.queryKey }),
        onScheduleSourceChanged(),
      ]),
  });
}
