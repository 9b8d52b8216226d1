import { PhoneForwarded, Settings } from 'lucide-react';
import { useId, useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Textarea } from '../../../components/ui/textarea';
import { messageOf } from '../../../lib/api-client';
import { useAssistants } from '../../assistants';
import { usePhoneNumbers } from '../../phone-numbers';
import { useCallTransferSettings } from '../api/get-call-transfer-settings';
import { useOutboundSettings } from '../api/get-outbound-settings';
import { usePatientsForCalling } from '../api/get-patients';
import { callTypeLabel } from '../lib/call-status';
import type { Unassigned } from '../lib/set-up';
import { OUTBOUND_MESSAGES as M } from '#shared/schemas/outbound-calls';
import { CALL_TYPES, type CallType, type StartOutboundCallsInput } from '#shared/schemas/outbound-calls';
import { CallHistory } from './call-history';
import { CallTransferDialog } from './call-transfer-dialog';
import { CallTypeCard } from './call-type-card';
import { OutboundSettingsDialog } from './outbound-settings-dialog';
import { PatientList } from './patient-list';
import { RecallSection } from './recall-section';
import { useStartCalls, warn } from './use-start-calls';

export const MESSAGE_MAX = 500;

export interface OutboundCallsScreenProps {
  /** Admins read and change the campaign and calling-window settings, and the transfer to a person. */
  isAdmin: boolean;
  /** Whether the user may list assistants and phone numbers (the server limits a sub user to assigned ones). */
  canListAssistants: boolean;
  canListPhoneNumbers: boolean;
  /** A sub user without assigned numbers or assistants cannot place a call: the screen says so instead. */
  unassigned?: readonly Unassigned[];
}

const TITLE = 'Outbound Calls';
const DESCRIPTION = 'Call patients with upcoming appointments: reminders, confirmations and follow-ups.';

export function OutboundCallsScreen(props: OutboundCallsScreenProps) {
  const unassigned = props.unassigned ?? [];
  if (unassigned.length > 0) return <NotAssigned unassigned={unassigned} />;
  return <CallingScreen {...props} />;
}

/** One explanation instead of selects with nothing to choose and a start that can only fail. */
function NotAssigned({ unassigned }: { unassigned: readonly Unassigned[] }) {
  const what = unassigned
    .map((u) => (u === 'phone numbers' ? 'no phone number' : 'no assistant'))
    .join(' and ');
  return (
    <div className="grid gap-6">
      <PageHeader title={TITLE} description={DESCRIPTION} />
      <Card>
        <CardHeader>
          <CardTitle>You cannot place outbound calls yet</CardTitle>
          <CardDescription>
            Calls go out from a phone number with an assistant, and your account has {what} assigned. Ask an
            administrator to assign them to you in User Management.
          </CardDescription>
        </CardHeader>
      </Card>
      {/* Calls from the numbers that are assigned stay visible. */}
      {!unassigned.includes('phone numbers') && <CallHistory />}
    </div>
  );
}

function CallingScreen({ isAdmin, canListAssistants, canListPhoneNumbers }: OutboundCallsScreenProps) {
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [callType, setCallType] = useState<CallType>('reminder');
  const [message, setMessage] = useState('');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [transferOpen, setTransferOpen] = useState(false);
  const callTypeId = useId();
  const messageId = useId();

  const assistants = useAssistants(canListAssistants).data?.assistants ?? [];
  const phoneNumbers = usePhoneNumbers(canListPhoneNumbers).data?.phoneNumbers ?? [];
  const settings = useOutboundSettings(isAdmin);
  const transfer = useCallTransferSettings(isAdmin);
  const patients = usePatientsForCalling().data?.patients;
  const { start: startWith, isPending } = useStartCalls(() => {
    setSelected(new Set());
    setMessage('');
  });
  // Each call is about the appointment the list shows for the patient (a confirmation confirms that one).
  const start = (body: StartOutboundCallsInput) => {
    const shown = new Map(patients?.map((p) => [p.id, p.next_appointment.id]));
    const appointmentIds = Object.fromEntries(
      body.patient_ids.flatMap((id) => (shown.has(id) ? [[id, shown.get(id)!]] : [])),
    );
    startWith({ ...body, appointment_ids: appointmentIds });
  };
  const selectedIds = [...selected];
  const customMessage = message.trim() || undefined;

  const startCalls = () => {
    if (isPending) return;
    if (selectedIds.length === 0) return warn(M.noPatientsTitle, M.noPatientsText);
    start({ patient_ids: selectedIds, call_type: callType, message: customMessage });
  };

  return (
    <div className="grid gap-6">
      <PageHeader
        title={TITLE}
        description={DESCRIPTION}
        action={
          isAdmin ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" disabled={!transfer.data} onClick={() => setTransferOpen(true)}>
                <PhoneForwarded className="mr-2 h-4 w-4" aria-hidden="true" />
                Transfer to a Person
              </Button>
              <Button variant="outline" disabled={!settings.data} onClick={() => setSettingsOpen(true)}>
                <Settings className="mr-2 h-4 w-4" aria-hidden="true" />
                Settings
              </Button>
            </div>
          ) : undefined
        }
      />

      {settings.error && (
        <Alert variant="destructive">
          Could not load the outbound call settings. {messageOf(settings.error, 'Please try again.')}
        </Alert>
      )}
      {isAdmin && transfer.error && (
        <Alert variant="destructive">
          Could not load the transfer settings. {messageOf(transfer.error, 'Please try again.')}
        </Alert>
      )}

      {/* Patients first: on a laptop screen they are in view without scrolling past the cards' buttons. */}
      <div className="grid gap-6 lg:grid-cols-2">
        <PatientList selected={selected} onSelectedChange={setSelected} />
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Start Outbound Calls</CardTitle>
              <CardDescription>
                Calls the selected patients with the practice&apos;s assistant and number for the call type.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-3">
              <div className="grid gap-1.5">
                <Label htmlFor={callTypeId}>Call type</Label>
                <NativeSelect
                  id={callTypeId}
                  value={callType}
                  onChange={(e) => setCallType(e.target.value as CallType)}
                >
                  {CALL_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {callTypeLabel(type)}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor={messageId}>Custom message (optional)</Label>
                <Textarea
                  id={messageId}
                  value={message}
                  maxLength={MESSAGE_MAX}
                  placeholder="Anything the assistant should mention on the call"
                  onChange={(e) => setMessage(e.target.value)}
                />
              </div>
              <Button onClick={startCalls} pending={isPending}>
                {isPending ? 'Starting Calls...' : `Start Calls${selected.size ? ` (${selected.size})` : ''}`}
              </Button>
            </CardContent>
          </Card>
        </div>
      </div>

      <div className="grid gap-4 md:grid-cols-3">
        {CALL_TYPES.map((type) => (
          <CallTypeCard
            key={type}
            callType={type}
            settings={settings.data?.callTypes[type]}
            assistants={assistants}
            phoneNumbers={phoneNumbers}
            selectedPatientIds={selectedIds}
            isPending={isPending}
            onStart={(body) => start({ ...body, message: customMessage })}
            onOpenSettings={isAdmin && settings.data ? () => setSettingsOpen(true) : undefined}
          />
        ))}
      </div>

      <RecallSection assistants={assistants} phoneNumbers={phoneNumbers} />

      <CallHistory />

      {isAdmin && (
        <CallTransferDialog open={transferOpen} settings={transfer.data} onOpenChange={setTransferOpen} />
      )}
      {isAdmin && (
        <OutboundSettingsDialog
          open={settingsOpen}
          settings={settings.data}
          assistants={assistants}
          phoneNumbers={phoneNumbers}
          onOpenChange={setSettingsOpen}
        />
      )}
    </div>
  );
}
