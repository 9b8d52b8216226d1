import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallbackBooking } from '#shared/schemas/callbacks';
import type { BookOutcome } from '#shared/schemas/schedule';
import { apiRequest } from '../../../lib/api-client';
import { invalidateBookingOptions } from '../../book-appointment';
import { invalidateCallbacks } from './get-callbacks';

/**
 * Books what a task asks for with the doctor chosen (or the first available), at the free time chosen (the
 * nearest free one if it was taken meanwhile); the server closes the task with the confirmation number.
 */
export function useBookFromCallback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, params }: { taskId: string; params: CallbackBooking }) =>
      apiRequest<BookOutcome>('POST', `/api/callbacks/${encodeURIComponent(taskId)}/book`, params),
    // The time booked is no longer free: every open-times answer is read again (only then: reading them
    // again announces the times found, which would cover a refusal's message).
    onSuccess: () => invalidateBookingOptions(queryClient),
    onSettled: () => invalidateCallbacks(queryClient),
  });
}
