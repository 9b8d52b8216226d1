import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserListResponse } from '#shared/schemas/users';
import { apiGet } from '../../../lib/api-client';

/** The factory key: every users query starts with it, so mutations invalidate them all at once. */
export const USERS_KEY = ['/api/users'] as const;

export const usersQueryOptions = queryOptions({
  queryKey: USERS_KEY,
  queryFn: ({ queryKey }) => apiGet<UserListResponse>(queryKey),
});

/** Only admins load the user list (spec point 6). */
export function useUsers(enabled: boolean) {
  return useQuery({ ...usersQueryOptions, enabled });
}
