import { useQuery } from '@tanstack/react-query';
import type { PatientVisits } from '#shared/schemas/schedule';
import { apiRequest } from '../../../lib/api-client';

/** What became of a found patient's visits of the last two years (kept, no-show, cancelled), and those ahead. */
export function usePatientVisits(patientId: string | undefined) {
  return useQuery({
    queryKey: ['/api/patient-visits', patientId],
    enabled: Boolean(patientId),
    queryFn: () =>
      apiRequest<PatientVisits>(
        'GET',
        `/api/patient-visits?${new URLSearchParams({ patientId: patientId! })}`,
      ),
  });
}
