import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditFilter, AuditListResponse } from '#shared/schemas/audit';
import { apiRequest } from '../../../lib/api-client';

export const AUDIT_EVENTS_KEY = ['/api/audit-events'] as const;

export function auditQueryString(filter: AuditFilter, cursor?: string | null): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filter, cursor })) if (value) params.set(key, value);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Newest first, one keyset page at a time. */
export const auditEventsQueryOptions = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: [...AUDIT_EVENTS_KEY, filter],
    queryFn: ({ pageParam }) =>
      apiRequest<AuditListResponse>('GET', `${AUDIT_EVENTS_KEY[0]}${auditQueryString(filter, pageParam)}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useAuditEvents(filter: AuditFilter) {
  return useInfiniteQuery(auditEventsQueryOptions(filter));
}
