import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallbackAssigneesResponse } from '#shared/schemas/callbacks';
import { apiGet } from '../../../lib/api-client';

/** The colleagues task `taskId` can be handed to: only those who see it (their numbers and assistants). */
export const assigneesQueryOptions = (taskId: string) =>
  queryOptions({
    queryKey: [`/api/callbacks/assignees?for=${encodeURIComponent(taskId)}`],
    queryFn: ({ queryKey }) => apiGet<CallbackAssigneesResponse>(queryKey),
  });

/** The colleagues a task can be handed to; read once the task can be handed on. */
export const useAssignees = (taskId: string, enabled: boolean) =>
  useQuery({ ...assigneesQueryOptions(taskId), enabled });
