import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppointmentItem, AppointmentOutcomeBody } from '#shared/schemas/schedule';
import { apiRequest } from '../../../lib/api-client';
import { invalidateAppointments } from './get-appointments';

/** Staff mark a visit that has started kept or a no-show (issue 25); the weeks shown are asked again. */
export function useSettleAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, outcome }: { id: string } & AppointmentOutcomeBody) =>
      apiRequest<{ appointment: AppointmentItem }>(
        'POST',
        `/api/appointments/${encodeURIComponent(id)}/outcome`,
        { outcome },
      ),
    onSettled: () => invalidateAppointments(queryClient),
  });
}
