import { useQuery } from '@tanstack/react-query';
import { can } from '#shared/permissions';
import { useConnectors } from '../../features/linked-accounts';
import { assistantsQueryOptions } from '../../features/assistants';
import { phoneNumbersQueryOptions } from '../../features/phone-numbers';
import { UserManagementScreen } from '../../features/users';
import { usePrincipal } from '../../lib/permissions';

/** Composes the user screen with the lists its dialog assigns from. */
export function UserManagementRoute() {
  const { principal } = usePrincipal();
  const isAdmin = can(principal, 'users:manage');
  const phoneNumbers = useQuery(phoneNumbersQueryOptions).data?.phoneNumbers ?? [];
  const assistants = useQuery(assistantsQueryOptions).data?.assistants ?? [];
  const connectors = useConnectors(isAdmin).data?.connectors ?? [];
  const options = {
    phoneNumbers: phoneNumbers.map((n) => ({
      value: n.id,
      label: [n.name, n.number].filter(Boolean).join(' · ') || n.id,
    })),
    assistants: assistants.map((a) => ({ value: a.id, label: a.name })),
    connectors: connectors.map((c) => ({ value: c.id, label: `${c.name} (${c.connectorId})` })),
  };
  return <UserManagementScreen options={options} isAdmin={isAdmin} />;
}
