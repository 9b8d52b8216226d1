import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CONNECTORS_KEY } from './get-connectors';

export const deleteConnector = (id: string) =>
  apiRequest<{ success: true }>('DELETE', `/api/connectors/${id}`);

export function useDeleteConnector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConnector,
    onSettled: () => queryClient.invalidateQueries({ queryKey: CONNECTORS_KEY }),
  });
}
