import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PhoneNumberListResponse } from '#shared/schemas/phone-numbers';
import { apiGet } from '../../../lib/api-client';
import { FIVE_MINUTES } from '../../../lib/query-client';

/** Fresh for 5 minutes (spec part 1, section 7); this feature's own writes invalidate it. */
export const phoneNumbersQueryOptions = queryOptions({
  queryKey: ['/api/phone-numbers'],
  queryFn: ({ queryKey }) => apiGet<PhoneNumberListResponse>(queryKey),
  staleTime: FIVE_MINUTES,
});

export function usePhoneNumbers(enabled = true) {
  return useQuery({ ...phoneNumbersQueryOptions, enabled });
}
