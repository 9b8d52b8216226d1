import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectorInput, ConnectorResponse } from '#shared/schemas/connectors';
import { apiRequest } from '../../../lib/api-client';
import { CONNECTORS_KEY } from './get-connectors';

export const createConnector = (input: ConnectorInput) =>
  apiRequest<ConnectorResponse>('POST', '/api/connectors', input);

export function useCreateConnector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConnector,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONNECTORS_KEY }),
  });
}
