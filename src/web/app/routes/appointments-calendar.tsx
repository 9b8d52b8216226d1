import { AppointmentsCalendarScreen } from '../../features/appointments-calendar/components/appointments-calendar-screen';
import { useActiveConnector } from '../../features/linked-accounts/api/get-active-connector';

export function AppointmentsCalendarRoute() {
  const { data, isError } = useActiveConnector();
  return <AppointmentsCalendarScreen activeConnector={isError ? null : data?.activeConnector} />;
}
