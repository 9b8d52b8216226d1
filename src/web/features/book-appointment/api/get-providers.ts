import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProviderItem } from '#shared/schemas/schedule';
import { apiGet } from '../../../lib/api-client';

export const PROVIDERS_KEY = ['/api/providers'] as const;

export const providersQueryOptions = queryOptions({
  queryKey: PROVIDERS_KEY,
  queryFn: ({ queryKey }) => apiGet<{ providers: ProviderItem[] }>(queryKey),
});

export function useProviders() {
  return useQuery(providersQueryOptions);
}
