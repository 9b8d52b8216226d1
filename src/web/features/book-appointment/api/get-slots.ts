import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { SlotItem } from '#shared/schemas/schedule';
import { apiRequest } from '../../../lib/api-client';

export interface SlotRequest {
  date: string;
  provider: string;
  appointmentType?: string;
}

/** Every slots query starts with this key. */
export const SLOTS_KEY = ['/api/slots'] as const;

export const slotsQueryOptions = ({ date, provider, appointmentType }: SlotRequest) =>
  queryOptions({
    queryKey: [...SLOTS_KEY, date, provider, appointmentType ?? ''],
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

/** A booked time must never be offered again from the cache: drop every slots answer, not just mark it stale. */
export const forgetSlots = (queryClient: QueryClient) => queryClient.removeQueries({ queryKey: SLOTS_KEY });
