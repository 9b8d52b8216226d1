import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CallListResponse } from '#shared/schemas/calls';
import type { CallProcessingListResponse } from '#shared/schemas/processor';
import { apiGet } from '../../../lib/api-client';

/** Part 2, section 9: calls refetch every 10 s on the processor screen. */
export const PROCESSOR_REFRESH_MS = 10_000;

export const processorCallsQueryOptions = queryOptions({
  queryKey: ['/api/calls'],
  queryFn: ({ queryKey }) => apiGet<CallListResponse>(queryKey),
  refetchInterval: PROCESSOR_REFRESH_MS,
});

export const callProcessingQueryOptions = queryOptions({
  queryKey: ['/api/call-processing'],
  queryFn: ({ queryKey }) => apiGet<CallProcessingListResponse>(queryKey),
  refetchInterval: PROCESSOR_REFRESH_MS,
});

export const useProcessorCalls = () => useQuery(processorCallsQueryOptions);
export const useCallProcessing = () => useQuery(callProcessingQueryOptions);
