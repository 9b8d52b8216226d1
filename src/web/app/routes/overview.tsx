import { can } from '#shared/permissions';
import { OverviewDashboard } from '../../features/overview';
import { usePrincipal } from '../../lib/permissions';

export function OverviewRoute() {
  const { principal } = usePrincipal();
  return <OverviewDashboard showProcessor={can(principal, 'processor:use')} />;
}
