import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssistantResponse } from '#shared/schemas/assistants';
import { apiRequest } from '../../../lib/api-client';
import { assistantsQueryOptions } from './get-assistants';

/** A multipart form (spec section 7): the knowledge-base file travels with the assistant. */
export const createAssistant = (form: FormData) =>
  apiRequest<AssistantResponse>('POST', '/api/assistants', form);

export function useCreateAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAssistant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assistantsQueryOptions.queryKey }),
  });
}
