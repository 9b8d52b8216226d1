import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { assistantsQueryOptions } from './get-assistants';

export const deleteAssistant = (id: string) =>
  apiRequest<unknown>('DELETE', `/api/assistants/${encodeURIComponent(id)}`);

export function useDeleteAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAssistant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assistantsQueryOptions.queryKey }),
  });
}
