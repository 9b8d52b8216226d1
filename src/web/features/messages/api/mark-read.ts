import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateConversations } from './get-conversations';

export const markConversationRead = (conversationId: string) =>
  apiRequest<unknown>('POST', `/api/conversations/${encodeURIComponent(conversationId)}/read`);

/** Opening a conversation marks it read; the list's badge and the Overview's figure follow. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: () => invalidateConversations(queryClient),
  });
}
