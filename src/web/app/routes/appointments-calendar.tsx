import { AppointmentsCalendarScreen } from '../../features/appointments-calendar';
import { useActiveConnector } from '../../features/linked-accounts';

export function AppointmentsCalendarRoute() {
  const { data, isError } = useActiveConnector();
  return <AppointmentsCalendarScreen activeConnector={isError ? null : data?.activeConnector} />;
}
