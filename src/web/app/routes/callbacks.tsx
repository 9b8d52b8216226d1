import { can } from '#shared/permissions';
import { CallbacksScreen } from '../../features/callbacks';
import { usePrincipal } from '../../lib/permissions';

/** The inbox offers booking from a task to those who may book. */
export function CallbacksRoute() {
  const { principal } = usePrincipal();
  return <CallbacksScreen mayBook={can(principal, 'booking:use')} />;
}
