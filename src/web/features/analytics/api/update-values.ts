import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppointmentValues, AppointmentValuesBody } from '#shared/schemas/analytics';
import { apiRequest } from '../../../lib/api-client';
import { ANALYTICS_KEY } from './get-analytics';
import { VALUES_URL, valuesQueryOptions } from './get-values';

/** Saves the values; the figures are asked again, as the estimated value changes with them. */
export function useUpdateAppointmentValues() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AppointmentValuesBody) => apiRequest<AppointmentValues>('PUT', VALUES_URL, body),
    onSuccess: (values) => {
      queryClient.setQueryData(valuesQueryOptions.queryKey, values);
      void queryClient.invalidateQueries({ queryKey: ANALYTICS_KEY });
    },
  });
}
