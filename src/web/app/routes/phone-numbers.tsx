import { useState } from 'react';
import { useNavigate } from 'react-router';
import { can } from '#shared/permissions';
import type { PhoneNumber } from '#shared/schemas/phone-numbers';
import { Button } from '../../components/ui/button';
import { useAssistants, useVoicePlatform } from '../../features/assistants';
import { SimulateCallDialog } from '../../features/call-logs';
import { useConnectors } from '../../features/linked-accounts';
import { PhoneNumbersScreen } from '../../features/phone-numbers';
import { messageOf } from '../../lib/api-client';
import { usePrincipal } from '../../lib/permissions';

/** "Simulate a call" on a number's card: the built-in caller rings it, and the call opens in Call Logs. */
function SimulateCallAction({ phoneNumber }: { phoneNumber: PhoneNumber }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  if (!phoneNumber.number) return null;
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        Simulate a call
      </Button>
      {open && (
        <SimulateCallDialog
          open={open}
          onOpenChange={setOpen}
          phoneNumbers={[phoneNumber]}
          defaultPhoneNumberId={phoneNumber.id}
          onSimulated={(call) => navigate(`/call-logs?q=${encodeURIComponent(call.id.slice(0, 8))}`)}
        />
      )}
    </>
  );
}

/** Composes the number cards with the assistants and connectors the person may choose from. */
export function PhoneNumbersRoute() {
  const { principal } = usePrincipal();
  const isAdmin = principal?.role === 'admin';
  const mayAssistants = can(principal, 'assistants:view');
  const mayConnectors = can(principal, 'connectors:view');
  const assistants = useAssistants(mayAssistants);
  const connectors = useConnectors(mayConnectors);
  // Simulated calls run through the built-in caller: admins, with the sandbox voice platform.
  const sandbox = useVoicePlatform().data?.provider === 'sandbox';
  return (
    <PhoneNumbersScreen
      isAdmin={isAdmin}
      canDelete={can(principal, 'phoneNumbers:delete')}
      assistants={{
        items: assistants.data?.assistants ?? [],
        isLoading: assistants.isLoading,
        unavailable: !mayAssistants
          ? 'You need the Assistants permission to change the assistant.'
          : assistants.error
            ? `Assistants could not be loaded: ${messageOf(assistants.error, 'Please try again.')}`
            : undefined,
      }}
      connectors={{
        items: connectors.data?.connectors ?? [],
        isLoading: connectors.isLoading,
        unavailable: !mayConnectors
          ? 'No connectors are assigned to you.'
          : connectors.error
            ? `Connectors could not be loaded: ${messageOf(connectors.error, 'Please try again.')}`
            : undefined,
      }}
      cardAction={
        isAdmin && sandbox ? (phoneNumber) => <SimulateCallAction phoneNumber={phoneNumber} /> : undefined
      }
    />
  );
}
