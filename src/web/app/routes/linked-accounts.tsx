import { can } from '#shared/permissions';
import { LinkedAccountsScreen } from '../../features/linked-accounts';
import { usePrincipal } from '../../lib/permissions';
import { useScheduleRefresh } from '../schedule-data';

export function LinkedAccountsRoute() {
  const { principal } = usePrincipal();
  const { afterSourceChange } = useScheduleRefresh();
  return (
    <LinkedAccountsScreen
      isAdmin={can(principal, 'connectors:manage')}
      onScheduleSourceChanged={afterSourceChange}
    />
  );
}
