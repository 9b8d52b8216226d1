import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppointmentItem } from '#shared/schemas/schedule';
import { apiRequest } from '../../../lib/api-client';
import { REFETCH_INTERVAL_MS } from '../lib/calendar';

/** One week's appointments: the key carries the range, so only the weeks viewed are fetched and polled. */
export const appointmentsQueryOptions = (range: { start: string; end: string }, enabled = true) =>
  queryOptions({
    queryKey: ['/api/appointments', range],
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
