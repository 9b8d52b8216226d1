import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallbackListResponse } from '#shared/schemas/callbacks';
import { apiGet } from '../../../lib/api-client';

export const openCallbacksQueryOptions = queryOptions({
  queryKey: ['/api/callbacks?status=open'],
  queryFn: ({ queryKey }) => apiGet<CallbackListResponse>(queryKey),
});

export const useOpenCallbacks = (enabled = true) => useQuery({ ...openCallbacksQueryOptions, enabled });
