import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AppointmentItem } from '#shared/schemas/schedule';
import { apiRequest } from '../../../lib/api-client';
import { REFETCH_INTERVAL_MS } from '../lib/calendar';

/** Every appointments query starts with this key. */
export const APPOINTMENTS_KEY = ['/api/appointments'] as const;

/** One week's appointments: the key carries the range, so only the weeks viewed are fetched and polled. */
export const appointmentsQueryOptions = (range: { start: string; end: string }, enabled = true) =>
  queryOptions({
    queryKey: [...APPOINTMENTS_KEY, range],
    enabled,
    queryFn: () =>
      apiRequest<{ appointments: AppointmentItem[]; time_zone: string }>(
        'GET',
        `/api/appointments?${new URLSearchParams(range).toString()}`,
      ),
    refetchInterval: REFETCH_INTERVAL_MS,
  });

/** `enabled`: false when the user has no linked account to read from. */
export function useAppointments(range: { start: string; end: string }, enabled = true) {
  return useQuery(appointmentsQueryOptions(range, enabled));
}

/** After a booking or a change of practice system: every week shown is fetched again. */
export const invalidateAppointments = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: APPOINTMENTS_KEY });
