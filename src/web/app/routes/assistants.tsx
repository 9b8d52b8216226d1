import { can } from '#shared/permissions';
import { AssistantsScreen } from '../../features/assistants';
import { usePrincipal } from '../../lib/permissions';

export function AssistantsRoute() {
  const { principal } = usePrincipal();
  // Creating is for admins (spec section 6); sub users manage the assistants assigned to them.
  return <AssistantsScreen isAdmin={principal?.role === 'admin' && can(principal, 'assistants:manage')} />;
}
