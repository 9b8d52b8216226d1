import { QueryClient } from '@tanstack/react-query';
import { apiGet } from './api-client';

export const FIVE_MINUTES = 5 * 60_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: ({ queryKey }) => apiGet(queryKey),
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: 0,
      },
      mutations: { retry: false },
    },
  });
}
