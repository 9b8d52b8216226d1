import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { AssistantUpdate } from '../lib/assistant-form';
import { assistantsQueryOptions } from './get-assistants';

export const updateAssistant = ({ id, body }: { id: string; body: AssistantUpdate }) =>
  apiRequest<unknown>('PATCH', `/api/assistants/${encodeURIComponent(id)}`, body);

export function useUpdateAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAssistant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assistantsQueryOptions.queryKey }),
  });
}
