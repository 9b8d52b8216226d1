import { can } from '#shared/permissions';
import { OpenCallbacksCard } from '../../features/callbacks';
import { OverviewDashboard } from '../../features/overview';
import { usePrincipal } from '../../lib/permissions';

export function OverviewRoute() {
  const { principal } = usePrincipal();
  return (
    <div className="grid gap-6">
      <OverviewDashboard showProcessor={can(principal, 'processor:use')} />
      {can(principal, 'callLogs:view') && <OpenCallbacksCard />}
    </div>
  );
}
