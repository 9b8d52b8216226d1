import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserPermissionsDetailResponse } from '#shared/schemas/users';
import { apiGet } from '../../../lib/api-client';
import { USERS_KEY } from './get-users';

export const userPermissionsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...USERS_KEY, id, 'permissions'],
    queryFn: ({ queryKey }) => apiGet<UserPermissionsDetailResponse>(queryKey),
  });

export function useUserPermissions(id: string | undefined) {
  return useQuery({ ...userPermissionsQueryOptions(id ?? ''), enabled: Boolean(id) });
}
