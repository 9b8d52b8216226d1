import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DemoRequestListResponse } from '#shared/schemas/demo-requests';
import { apiGet } from '../../../lib/api-client';

export const demoRequestsQueryOptions = queryOptions({
  queryKey: ['/api/demo-requests'],
  queryFn: ({ queryKey }) => apiGet<DemoRequestListResponse>(queryKey),
});

export const useDemoRequests = () => useQuery(demoRequestsQueryOptions);
