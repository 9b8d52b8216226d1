import { can } from '#shared/permissions';
import { OutboundCallsScreen, unassignedForCalls } from '../../features/outbound-calls';
import { usePrincipal } from '../../lib/permissions';

/** What the person may list decides which selects fill; admins also get the settings dialog. */
export function OutboundCallsRoute() {
  const { principal } = usePrincipal();
  return (
    <OutboundCallsScreen
      isAdmin={can(principal, 'outboundSettings:manage')}
      canListAssistants={can(principal, 'assistants:view')}
      canListPhoneNumbers={can(principal, 'phoneNumbers:view')}
      unassigned={unassignedForCalls(principal)}
    />
  );
}
