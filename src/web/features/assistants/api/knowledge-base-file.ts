import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssistantResponse } from '#shared/schemas/assistants';
import { apiRequest } from '../../../lib/api-client';
import { assistantsQueryOptions } from './get-assistants';

const url = (id: string) => `/api/assistants/${encodeURIComponent(id)}/knowledge-base-file`;

/** Admins: the assistant answers from this file instead (multipart, field `knowledgeBaseFile`). */
export function replaceKnowledgeBaseFile({ id, file }: { id: string; file: File }) {
  const form = new FormData();
  form.set('knowledgeBaseFile', file);
  return apiRequest<AssistantResponse>('PUT', url(id), form);
}

/** Admins: the assistant stops answering from its file. */
export const removeKnowledgeBaseFile = (id: string) => apiRequest<AssistantResponse>('DELETE', url(id));

export function useReplaceKnowledgeBaseFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceKnowledgeBaseFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assistantsQueryOptions.queryKey }),
  });
}

export function useRemoveKnowledgeBaseFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeKnowledgeBaseFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assistantsQueryOptions.queryKey }),
  });
}
