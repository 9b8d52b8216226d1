import { can } from '#shared/permissions';
import { CallbacksScreen } from '../../features/callbacks';
import { messagesPathFor } from '../../features/messages';
import { usePrincipal } from '../../lib/permissions';

/** The inbox offers booking from a task to those who may book, and the patient's texts to Messages users. */
export function CallbacksRoute() {
  const { principal } = usePrincipal();
  return (
    <CallbacksScreen
      mayBook={can(principal, 'booking:use')}
      messagesLink={can(principal, 'messages:use') ? messagesPathFor : undefined}
    />
  );
}
