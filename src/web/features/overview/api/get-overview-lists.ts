import { useQueries } from '@tanstack/react-query';
import { can } from '#shared/permissions';
import { usePrincipal } from '../../../lib/permissions';
import { assistantsQueryOptions } from '../../assistants';
import { callStatsQueryOptions, recentCallsQueryOptions } from '../../call-logs';
import { phoneNumbersQueryOptions } from '../../phone-numbers';
import { workflowsQueryOptions } from '../../workflows';

/**
 * The lists the Overview counts, the latest calls and this month's call count, each asked only of a user who
 * may read it (the server refuses the others); it waits for all of them.
 */
export function useOverviewLists() {
  const { principal } = usePrincipal();
  const seesCalls = can(principal, 'callLogs:view');
  const seesAssistants = can(principal, 'assistants:view');
  const seesWorkflows = can(principal, 'workflows:view');
  const queries = useQueries({
    queries: [
      { ...assistantsQueryOptions, enabled: seesAssistants },
      { ...workflowsQueryOptions, enabled: seesWorkflows },
      phoneNumbersQueryOptions,
      { ...recentCallsQueryOptions(3), enabled: seesCalls },
      { ...callStatsQueryOptions({ period: 'month' }), enabled: seesCalls },
    ],
  });
  const [assistants, workflows, phoneNumbers, calls, stats] = queries;
  return {
    /** Which lists this user may read: the others are not counted as empty. */
    sees: { assistants: seesAssistants, workflows: seesWorkflows, calls: seesCalls },
    isLoading: queries.some((query) => query.isLoading),
    error: queries.find((query) => query.error)?.error ?? null,
    assistants: assistants.data?.assistants ?? [],
    workflows: workflows.data?.workflows ?? [],
    phoneNumbers: phoneNumbers.data?.phoneNumbers ?? [],
    calls: calls.data?.calls ?? [],
    callsThisMonth: stats.data?.total ?? 0,
    /** Asks again for the lists that failed. */
    refetch: () => Promise.all(queries.filter((query) => query.isError).map((query) => query.refetch())),
  };
}
