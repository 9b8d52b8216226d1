import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AppointmentItem } from '#shared/schemas/schedule';
import { apiRequest } from '../../../lib/api-client';
import { REFETCH_INTERVAL_MS } from '../lib/calendar';

/** Every appointments query starts with this key. */
export const APPOINTMENTS_KEY = ['/api/appointments'] as const;

/** One week's appointments: the key carries the range, so only the weeks viewed are fetched and polled. */
export const appointmentsQueryOptions = (range: { start: string; end: string }) =>
  queryOptions({
    queryKey: [...APPOINTMENTS_KEY, range],
    queryFn: () =>
      apiRequest<{ appointments: AppointmentItem[] }>(
        'GET',
        `/api/appointments?${new URLSearchParams(range).toString()}`,
      ),
    refetchInterval: REFETCH_INTERVAL_MS,
  });

export function useAppointments(range: { start: string; end: string }) {
  return useQuery(appointmentsQueryOptions(range));
}

/** After a booking or a change of practice system: every week shown is fetched again. */
export const invalidateAppointments = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: APPOINTMENTS_KEY });
