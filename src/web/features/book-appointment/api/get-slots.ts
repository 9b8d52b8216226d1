import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SlotItem } from '#shared/schemas/schedule';
import { apiRequest } from '../../../lib/api-client';

export interface SlotRequest {
  date: string;
  provider: string;
  appointmentType?: string;
}

export const slotsQueryOptions = ({ date, provider, appointmentType }: SlotRequest) =>
  queryOptions({
    queryKey: ['/api/slots', date, provider, appointmentType ?? ''],
    queryFn: () =>
      apiRequest<{ slots: SlotItem[] }>(
        'GET',
        `/api/slots/${encodeURIComponent(date)}/${encodeURIComponent(provider)}${
          appointmentType ? `?appointment_type=${encodeURIComponent(appointmentType)}` : ''
        }`,
      ),
  });

/** Loaded once a date and a doctor are chosen. */
export function useSlots(request: SlotRequest) {
  return useQuery({ ...slotsQueryOptions(request), enabled: Boolean(request.date && request.provider) });
}
