import { can } from '#shared/permissions';
import { AppointmentsCalendarScreen } from '../../features/appointments-calendar';
import { useActiveConnector } from '../../features/linked-accounts';
import { usePrincipal } from '../../lib/permissions';

export function AppointmentsCalendarRoute() {
  const { data, isError } = useActiveConnector();
  const { principal } = usePrincipal();
  return (
    <AppointmentsCalendarScreen
      activeConnector={isError ? null : data?.activeConnector}
      isAdmin={principal?.role === 'admin'}
      canSettle={can(principal, 'appointments:settle')}
    />
  );
}
