import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallbackBooking } from '#shared/schemas/callbacks';
import type { BookOutcome } from '#shared/schemas/schedule';
import { apiRequest } from '../../../lib/api-client';
import { openCallbacksQueryOptions } from './get-callbacks';

/**
 * Books what a task asks for (first available doctor, the nearest free time to the one given); the server
 * closes the task with the confirmation number.
 */
export function useBookFromCallback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, params }: { taskId: string; params: CallbackBooking }) =>
      apiRequest<BookOutcome>('POST', `/api/callbacks/${encodeURIComponent(taskId)}/book`, params),
    onSettled: () => queryClient.invalidateQueries({ queryKey: openCallbacksQueryOptions.queryKey }),
  });
}
