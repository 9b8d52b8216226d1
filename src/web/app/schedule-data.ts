import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { invalidateAppointments } from '../features/appointments-calendar';
import { invalidateBookingOptions } from '../features/book-appointment';

/**
 * What other screens must refresh when the schedule changes. Each feature owns its keys; the app layer
 * composes them, so no feature invalidates another's queries.
 */
export function useScheduleRefresh() {
  const queryClient = useQueryClient();
  const afterBooking = useCallback(() => invalidateAppointments(queryClient), [queryClient]);
  const afterSourceChange = useCallback(
    () => Promise.all([invalidateAppointments(queryClient), invalidateBookingOptions(queryClient)]),
    [queryClient],
  );
  return { afterBooking, afterSourceChange };
}
