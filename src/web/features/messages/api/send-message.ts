import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MessageListResponse, SendMessageResponseSchema } from '#shared/schemas/messaging';
import { apiRequest } from '../../../lib/api-client';
import { invalidateConversations } from './get-conversations';
import { messagesUrl } from './get-messages';

type SendMessageResponse = z.infer<typeof SendMessageResponseSchema>;

/**
 * POST …/messages → 201 `{ message }`; 409 with the reason when the number opted out. The same
 * Idempotency-Key again answers the text already sent, and sends nothing.
 */
export const sendMessage = (conversationId: string, body: string, idempotencyKey: string) =>
  apiRequest<SendMessageResponse>(
    'POST',
    messagesUrl(conversationId),
    { body },
    { 'Idempotency-Key': idempotencyKey },
  );

export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: string; idempotencyKey: string }) =>
      sendMessage(conversationId, body, idempotencyKey),
    onSuccess: ({ message }) => {
      // The sent text shows at once; the next poll brings its delivery status.
      queryClient.setQueryData<MessageListResponse>([messagesUrl(conversationId)], (previous) =>
        previous && !previous.messages.some((m) => m.id === message.id)
          ? { messages: [...previous.messages, message] }
          : previous,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [messagesUrl(conversationId)] });
      void invalidateConversations(queryClient);
    },
  });
}
