import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { UpdateAssistantInput } from '#shared/schemas/assistants';
import { assistantsQueryOptions } from './get-assistants';

export const updateAssistant = ({ id, body }: { id: string; body: UpdateAssistantInput }) =>
  apiRequest<unknown>('PATCH', `/api/assistants/${encodeURIComponent(id)}`, body);

export function useUpdateAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAssistant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assistantsQueryOptions.queryKey }),
  });
}
