import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PatientWithAppointment } from '#shared/schemas/schedule';
import { apiGet } from '../../../lib/api-client';

/** Spec part 1 section 9: polled every 30 s, stale after 5 minutes. */
export const patientsForCallingQueryOptions = queryOptions({
  queryKey: ['/api/patients-with-appointments'],
  queryFn: ({ queryKey }) => apiGet<{ patients: PatientWithAppointment[] }>(queryKey),
  refetchInterval: 30_000,
  staleTime: 5 * 60_000,
});

export function usePatientsForCalling() {
  return useQuery(patientsForCallingQueryOptions);
}
