import { can } from '#shared/permissions';
import { useAssistants } from '../../features/assistants';
import { useConnectors } from '../../features/linked-accounts/api/get-connectors';
import { PhoneNumbersScreen } from '../../features/phone-numbers';
import { serverMessage } from '../../lib/api-client';
import { usePrincipal } from '../../lib/permissions';

/** Composes the number cards with the assistants and connectors the person may choose from. */
export function PhoneNumbersRoute() {
  const { principal } = usePrincipal();
  const isAdmin = principal?.role === 'admin';
  const mayAssistants = can(principal, 'assistants:view');
  const mayConnectors = can(principal, 'connectors:view');
  const assistants = useAssistants(mayAssistants);
  const connectors = useConnectors(mayConnectors);
  return (
    <PhoneNumbersScreen
      isAdmin={isAdmin}
      canDelete={isAdmin || (principal?.assignedPhoneNumbers.length ?? 0) > 0}
      assistants={{
        items: assistants.data?.assistants ?? [],
        isLoading: assistants.isLoading,
        unavailable: !mayAssistants
          ? 'You need the Assistants permission to change the assistant.'
          : assistants.error
            ? `Assistants could not be loaded: ${serverMessage(assistants.error)}`
            : undefined,
      }}
      connectors={{
        items: connectors.data?.connectors ?? [],
        isLoading: connectors.isLoading,
        unavailable: !mayConnectors
          ? 'No connectors are assigned to you.'
          : connectors.error
            ? `Connectors could not be loaded: ${serverMessage(connectors.error)}`
            : undefined,
      }}
      // SLOT: the lead passes the calls feature's "Simulate a call" here as `cardAction`, shown only when
      // useVoicePlatform().data?.provider === 'sandbox' (from features/assistants).
    />
  );
}
