import { can } from '#shared/permissions';
import { AssistantsScreen } from '../../features/assistants';
import { usePrincipal } from '../../lib/permissions';

export function AssistantsRoute() {
  const { principal } = usePrincipal();
  return (
    <AssistantsScreen
      canCreate={can(principal, 'assistants:create')}
      canImport={can(principal, 'voicePlatform:import')}
    />
  );
}
