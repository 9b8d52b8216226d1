import { can } from '#shared/permissions';
import { LinkedAccountsScreen } from '../../features/linked-accounts/components/linked-accounts-screen';
import { usePrincipal } from '../../lib/permissions';

export function LinkedAccountsRoute() {
  const { principal } = usePrincipal();
  return <LinkedAccountsScreen isAdmin={can(principal, 'connectors:manage')} />;
}
