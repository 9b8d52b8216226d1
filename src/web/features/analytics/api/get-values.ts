import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppointmentValues } from '#shared/schemas/analytics';
import { apiGet } from '../../../lib/api-client';

export const VALUES_URL = '/api/analytics/values';

export const valuesQueryOptions = queryOptions({
  queryKey: [VALUES_URL],
  queryFn: ({ queryKey }) => apiGet<AppointmentValues>(queryKey),
});

/** The practice's estimated value of each appointment type (for the editor). */
export const useAppointmentValues = (enabled: boolean) => useQuery({ ...valuesQueryOptions, enabled });
