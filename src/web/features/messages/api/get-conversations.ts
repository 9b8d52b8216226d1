import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ConversationListResponse } from '#shared/schemas/messaging';
import { apiGet } from '../../../lib/api-client';

/** Replies arrive by themselves: the list is asked again every 5 seconds while the screen is open. */
export const MESSAGES_POLL_MS = 5_000;

const conversationsUrl = (q: string | undefined) =>
  q ? `/api/conversations?${new URLSearchParams({ q }).toString()}` : '/api/conversations';

export const conversationsQueryOptions = (q?: string) =>
  queryOptions({
    queryKey: [conversationsUrl(q)],
    queryFn: ({ queryKey }) => apiGet<ConversationListResponse>(queryKey),
    refetchInterval: MESSAGES_POLL_MS,
  });

export const useConversations = (q?: string) => useQuery(conversationsQueryOptions(q));

/** A conversation changed (sent, read, accepted): every search's list and the unread figure are read again. */
export const invalidateConversations = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    predicate: (query) => {
      const key = String(query.queryKey[0]);
      return key.startsWith('/api/conversations') || key === '/api/messaging/unread';
    },
  });
