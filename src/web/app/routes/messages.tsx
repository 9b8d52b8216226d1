import { can } from '#shared/permissions';
import { usePhoneNumbers } from '../../features/phone-numbers';
import { MessagesScreen } from '../../features/messages';
import { usePrincipal } from '../../lib/permissions';

/** Admins also get the settings (sender number from the practice's numbers, templates, the sandbox). */
export function MessagesRoute() {
  const { principal } = usePrincipal();
  const mayManage = can(principal, 'messagingSettings:manage');
  const numbers = usePhoneNumbers(mayManage);
  return (
    <MessagesScreen settings={mayManage ? { phoneNumbers: numbers.data?.phoneNumbers ?? [] } : undefined} />
  );
}
