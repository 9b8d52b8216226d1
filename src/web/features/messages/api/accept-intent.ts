import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AcceptIntentResponseSchema, Intent } from '#shared/schemas/messaging';
import { apiRequest } from '../../../lib/api-client';
import { invalidateConversations } from './get-conversations';
import { messagesUrl } from './get-messages';

type AcceptIntentResponse = z.infer<typeof AcceptIntentResponseSchema>;

export const acceptIntent = (conversationId: string, intent: Intent) =>
  apiRequest<AcceptIntentResponse>(
    'POST',
    `/api/conversations/${encodeURIComponent(conversationId)}/intent`,
    { intent },
  );

/** Staff accept what the patient's reply wants: confirm, cancel, reschedule or answered. */
export function useAcceptIntent(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (intent: Intent) => acceptIntent(conversationId, intent),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [messagesUrl(conversationId)] });
      void invalidateConversations(queryClient);
    },
  });
}
