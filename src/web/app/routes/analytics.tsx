import { can } from '#shared/permissions';
import { AnalyticsScreen } from '../../features/analytics';
import { usePrincipal } from '../../lib/permissions';

export function AnalyticsRoute() {
  const { principal } = usePrincipal();
  return <AnalyticsScreen canEditValues={can(principal, 'analyticsSettings:manage')} />;
}
