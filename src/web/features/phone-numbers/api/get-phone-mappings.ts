import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PhoneMappingListResponse } from '#shared/schemas/phone-mappings';
import { apiGet } from '../../../lib/api-client';
import { FIVE_MINUTES } from '../../../lib/query-client';

/** Cached 5 minutes (spec section 9); this feature's own writes invalidate it. */
export const phoneMappingsQueryOptions = queryOptions({
  queryKey: ['/api/phone-mappings'],
  queryFn: ({ queryKey }) => apiGet<PhoneMappingListResponse>(queryKey),
  staleTime: FIVE_MINUTES,
});

export function usePhoneMappings(enabled = true) {
  return useQuery({ ...phoneMappingsQueryOptions, enabled });
}
