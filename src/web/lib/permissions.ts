import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Principal } from '#shared/permissions';
import type { UserPermissionsResponse } from '#shared/schemas/auth';
import { apiGet } from './api-client';
import { useAuth } from './auth';
import { FIVE_MINUTES } from './query-client';

export const userPermissionsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: ['/api/user-permissions'],
    queryFn: ({ queryKey }) => apiGet<UserPermissionsResponse>(queryKey),
    staleTime: FIVE_MINUTES,
    enabled,
  });

/** The signed-in user's principal for the shared policy; undefined while it loads or when absent. */
export function usePrincipal(): { principal: Principal | undefined; isLoading: boolean } {
  const { isAuthenticated, user } = useAuth();
  const query = useQuery(userPermissionsQueryOptions(isAuthenticated && Boolean(user?.id)));
  return { principal: query.data?.data, isLoading: query.isLoading };
}
