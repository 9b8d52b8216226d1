import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { phoneNumbersQueryOptions } from '../../phone-numbers';
import { assistantsQueryOptions } from './get-assistants';

export const deleteAssistant = (id: string) =>
  apiRequest<unknown>('DELETE', `/api/assistants/${encodeURIComponent(id)}`);

export function useDeleteAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAssistant,
    // A number routed to the deleted assistant no longer is: the numbers list (kept 5 minutes) changes too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: assistantsQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: phoneNumbersQueryOptions.queryKey }),
      ]),
  });
}
