import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PracticeListResponse } from '#shared/schemas/practices';
import { apiGet } from '../../../lib/api-client';

export const PRACTICES_KEY = ['/api/practices'] as const;

export const practicesQueryOptions = queryOptions({
  queryKey: PRACTICES_KEY,
  queryFn: ({ queryKey }) => apiGet<PracticeListResponse>(queryKey),
});

export const usePractices = () => useQuery(practicesQueryOptions);
