import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserPhoneNumbersResponse } from '#shared/schemas/users';
import { apiGet } from '../../../lib/api-client';
import { USERS_KEY } from './get-users';

export const userPhoneNumbersQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...USERS_KEY, id, 'phone-numbers'],
    queryFn: ({ queryKey }) => apiGet<UserPhoneNumbersResponse>(queryKey),
  });

export function useUserPhoneNumbers(id: string | undefined) {
  return useQuery({ ...userPhoneNumbersQueryOptions(id ?? ''), enabled: Boolean(id) });
}
