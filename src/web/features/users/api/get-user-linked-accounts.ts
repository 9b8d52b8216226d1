import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserLinkedAccountsResponse } from '#shared/schemas/users';
import { apiGet } from '../../../lib/api-client';
import { USERS_KEY } from './get-users';

export const userLinkedAccountsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...USERS_KEY, id, 'linked-accounts'],
    queryFn: ({ queryKey }) => apiGet<UserLinkedAccountsResponse>(queryKey),
  });

export function useUserLinkedAccounts(id: string | undefined) {
  return useQuery({ ...userLinkedAccountsQueryOptions(id ?? ''), enabled: Boolean(id) });
}
