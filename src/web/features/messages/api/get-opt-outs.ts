import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OptOutListResponseSchema } from '#shared/schemas/messaging';
import { apiGet } from '../../../lib/api-client';

export type OptOutListResponse = z.infer<typeof OptOutListResponseSchema>;

export const optOutsQueryOptions = queryOptions({
  queryKey: ['/api/opt-outs'],
  queryFn: ({ queryKey }) => apiGet<OptOutListResponse>(queryKey),
});

export const useOptOuts = (enabled = true) => useQuery({ ...optOutsQueryOptions, enabled });
