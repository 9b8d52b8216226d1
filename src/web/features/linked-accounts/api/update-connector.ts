import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectorInput, ConnectorResponse } from '#shared/schemas/connectors';
import { apiRequest } from '../../../lib/api-client';
import { CONNECTORS_KEY } from './get-connectors';

export const updateConnector = ({ id, input }: { id: string; input: ConnectorInput }) =>
  apiRequest<ConnectorResponse>('PATCH', `/api/connectors/${id}`, input);

export function useUpdateConnector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConnector,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONNECTORS_KEY }),
  });
}
