import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MessageListResponse } from '#shared/schemas/messaging';
import { apiGet } from '../../../lib/api-client';
import { MESSAGES_POLL_MS } from './get-conversations';

export const messagesUrl = (conversationId: string) =>
  `/api/conversations/${encodeURIComponent(conversationId)}/messages`;

/** The open thread, asked again every 5 seconds so the patient's replies and delivery ticks appear. */
export const messagesQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: [messagesUrl(conversationId)],
    queryFn: ({ queryKey }) => apiGet<MessageListResponse>(queryKey),
    refetchInterval: MESSAGES_POLL_MS,
  });

export const useMessages = (conversationId: string) => useQuery(messagesQueryOptions(conversationId));
