import { queryOptions, useQueries } from '@tanstack/react-query';
import type { AssistantListResponse } from '#shared/schemas/assistants';
import type { CallListResponse, CallStats } from '#shared/schemas/calls';
import type { PhoneNumberListResponse } from '#shared/schemas/phone-numbers';
import type { WorkflowListResponse } from '#shared/schemas/workflows';
import { can } from '#shared/permissions';
import { apiGet } from '../../../lib/api-client';
import { usePrincipal } from '../../../lib/permissions';
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

/** The latest few calls, for Recent Activity. */
export const recentCallsQueryOptions = queryOptions({
  queryKey: ['/api/calls?limit=3'],
  queryFn: ({ queryKey }) => apiGet<CallListResponse>(queryKey),
});

/** "Total Calls — This month": calls since the month began in the practice's time zone. */
export const callsThisMonthQueryOptions = queryOptions({
  queryKey: ['/api/calls/stats?period=month'],
  queryFn: ({ queryKey }) => apiGet<CallStats>(queryKey),
});

/** The lists the Overview counts, and this month's call count; it waits for all of them. */
export function useOverviewLists() {
  const { principal } = usePrincipal();
  const seesCalls = can(principal, 'callLogs:view');
  const [assistants, workflows, phoneNumbers, calls, stats] = useQueries({
    queries: [
      assistantsQueryOptions,
      workflowsQueryOptions,
      phoneNumbersQueryOptions,
      { ...recentCallsQueryOptions, enabled: seesCalls },
      { ...callsThisMonthQueryOptions, enabled: seesCalls },
    ],
  });
  return {
    isLoading:
      assistants.isLoading ||
      workflows.isLoading ||
      phoneNumbers.isLoading ||
      calls.isLoading ||
      stats.isLoading,
    error: assistants.error ?? workflows.error ?? phoneNumbers.error ?? calls.error ?? stats.error,
    assistants: assistants.data?.assistants ?? [],
    workflows: workflows.data?.workflows ?? [],
    phoneNumbers: phoneNumbers.data?.phoneNumbers ?? [],
    calls: calls.data?.calls ?? [],
    callsThisMonth: stats.data?.total ?? 0,
  };
}
