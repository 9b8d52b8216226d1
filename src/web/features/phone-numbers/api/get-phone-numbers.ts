import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PhoneNumberListResponse } from '#shared/schemas/phone-numbers';
import { apiGet } from '../../../lib/api-client';

export const phoneNumbersQueryOptions = queryOptions({
  queryKey: ['/api/phone-numbers'],
  queryFn: ({ queryKey }) => apiGet<PhoneNumberListResponse>(queryKey),
});

export function usePhoneNumbers(enabled = true) {
  return useQuery({ ...phoneNumbersQueryOptions, enabled });
}
