import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallResponse } from '#shared/schemas/calls';
import { apiRequest } from '../../../lib/api-client';
import { CALLS_KEY } from './get-calls';

/** One call with everything the dialog shows; fetched when a row is opened. */
export const callQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...CALLS_KEY, 'detail', id],
    queryFn: () => apiRequest<CallResponse>('GET', `${CALLS_KEY[0]}/${encodeURIComponent(id)}`),
  });

export function useCall(id: string | null) {
  return useQuery({ ...callQueryOptions(id ?? ''), enabled: Boolean(id) });
}
