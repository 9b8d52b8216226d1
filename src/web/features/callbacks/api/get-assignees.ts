import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallbackAssigneesResponse } from '#shared/schemas/callbacks';
import { apiGet } from '../../../lib/api-client';

export const assigneesQueryOptions = queryOptions({
  queryKey: ['/api/callbacks/assignees'],
  queryFn: ({ queryKey }) => apiGet<CallbackAssigneesResponse>(queryKey),
});

/** The colleagues a task can be handed to; read once a task can be handed on. */
export const useAssignees = (enabled: boolean) => useQuery({ ...assigneesQueryOptions, enabled });
