import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { UnreadResponseSchema } from '#shared/schemas/messaging';
import { apiGet } from '../../../lib/api-client';

type UnreadResponse = z.infer<typeof UnreadResponseSchema>;

/** The Overview's figure: unread texts from patients (Messages' own changes invalidate this key too). */
export const unreadQueryOptions = queryOptions({
  queryKey: ['/api/messaging/unread'],
  queryFn: ({ queryKey }) => apiGet<UnreadResponse>(queryKey),
  refetchInterval: 30_000,
});

export const useUnreadMessages = (enabled = true) => useQuery({ ...unreadQueryOptions, enabled });
