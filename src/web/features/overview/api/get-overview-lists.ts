import { queryOptions, useQueries } from '@tanstack/react-query';
import type { AssistantListResponse } from '#shared/schemas/assistants';
import type { CallListResponse } from '#shared/schemas/calls';
import type { PhoneNumberListResponse } from '#shared/schemas/phone-numbers';
import type { WorkflowListResponse } from '#shared/schemas/workflows';
import { apiGet } from '../../../lib/api-client';
import { FIVE_MINUTES } from '../../../lib/query-client';

export const assistantsQueryOptions = queryOptions({
  queryKey: ['/api/assistants'],
  queryFn: ({ queryKey }) => apiGet<AssistantListResponse>(queryKey),
  staleTime: FIVE_MINUTES,
});

export const workflowsQueryOptions = queryOptions({
  queryKey: ['/api/workflows'],
  queryFn: ({ queryKey }) => apiGet<WorkflowListResponse>(queryKey),
});

export const phoneNumbersQueryOptions = queryOptions({
  queryKey: ['/api/phone-numbers'],
  queryFn: ({ queryKey }) => apiGet<PhoneNumberListResponse>(queryKey),
  staleTime: FIVE_MINUTES,
});

export const callsQueryOptions = queryOptions({
  queryKey: ['/api/calls'],
  queryFn: ({ queryKey }) => apiGet<CallListResponse>(queryKey),
});

/** The four lists the Overview counts; it waits for all of them. */
export function useOverviewLists() {
  const queries = useQueries({
    queries: [assistantsQueryOptions, workflowsQueryOptions, phoneNumbersQueryOptions, callsQueryOptions],
  });
  const [assistants, workflows, phoneNumbers, calls] = queries;
  return {
    isLoading: assistants.isLoading || workflows.isLoading || phoneNumbers.isLoading || calls.isLoading,
    error: assistants.error ?? workflows.error ?? phoneNumbers.error ?? calls.error,
    assistants: assistants.data?.assistants ?? [],
    workflows: workflows.data?.workflows ?? [],
    phoneNumbers: phoneNumbers.data?.phoneNumbers ?? [],
    calls: calls.data?.calls ?? [],
    /** Asks again for the lists that failed. */
    refetch: () => Promise.all(queries.filter((query) => query.isError).map((query) => query.refetch())),
  };
}
