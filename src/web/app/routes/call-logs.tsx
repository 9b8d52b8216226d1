import { useQuery } from '@tanstack/react-query';
import { can } from '#shared/permissions';
import { CallLogsScreen } from '../../features/call-logs';
import { messagesPathFor } from '../../features/messages';
import { phoneNumbersQueryOptions } from '../../features/phone-numbers';
import { usePrincipal } from '../../lib/permissions';

export function CallLogsRoute() {
  const { principal } = usePrincipal();
  const maySimulate = can(principal, 'calls:simulate');
  const numbers = useQuery({ ...phoneNumbersQueryOptions, enabled: maySimulate });
  return (
    <CallLogsScreen
      simulator={maySimulate ? { phoneNumbers: numbers.data?.phoneNumbers ?? [] } : undefined}
      messagesLink={can(principal, 'messages:use') ? messagesPathFor : undefined}
    />
  );
}
