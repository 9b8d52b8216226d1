import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserAssistantsResponse } from '#shared/schemas/users';
import { apiGet } from '../../../lib/api-client';
import { USERS_KEY } from './get-users';

export const userAssistantsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...USERS_KEY, id, 'assistants'],
    queryFn: ({ queryKey }) => apiGet<UserAssistantsResponse>(queryKey),
  });

export function useUserAssistants(id: string | undefined) {
  return useQuery({ ...userAssistantsQueryOptions(id ?? ''), enabled: Boolean(id) });
}
