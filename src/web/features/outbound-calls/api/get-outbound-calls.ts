import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { OutboundCallListResponse } from '#shared/schemas/outbound-calls';

export const OUTBOUND_CALLS_KEY = ['/api/outbound-calls'] as const;

/** Spec part 1 section 9: polled every 10 s, stale after 5 minutes. */
export const outboundCallsQueryOptions = queryOptions({
  queryKey: OUTBOUND_CALLS_KEY,
  queryFn: ({ queryKey }) => apiGet<OutboundCallListResponse>(queryKey),
  refetchInterval: 10_000,
  staleTime: 5 * 60_000,
});

export function useOutboundCalls() {
  return useQuery(outboundCallsQueryOptions);
}
