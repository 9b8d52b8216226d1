import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppointmentItem } from '#shared/schemas/schedule';
import { apiRequest } from '../../../lib/api-client';
import { REFETCH_INTERVAL_MS } from '../lib/calendar';

/** One week's appointments: the key carries the range, so only the weeks viewed are fetched and polled. */
export const appointmentsQueryOptions = (range: { start: string; end: string }) =>
  queryOptions({
    queryKey: ['/api/appointments', range],
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
