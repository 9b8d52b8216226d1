import { PhoneCall } from 'lucide-react';
import { useId, useState } from 'react';
import type { Assistant } from '#shared/schemas/assistants';
import type { PhoneNumber } from '#shared/schemas/phone-numbers';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { phoneNumberTitle } from '../../phone-numbers';
import { callTypeLabel } from '../lib/call-status';
import { campaignState, missingChoices, notSetUpText, type CampaignState } from '../lib/set-up';
import { CHANNEL_LABELS, OUTBOUND_MESSAGES as M } from '#shared/schemas/outbound-calls';
import type { CallType, CallTypeSettings, StartOutboundCallsInput } from '#shared/schemas/outbound-calls';
import { warn } from './use-start-calls';

const BADGE: Record<CampaignState, 'success' | 'destructive' | 'secondary'> = {
  Scheduled: 'success',
  'Not set up': 'destructive',
  'Not Scheduled': 'secondary',
};

const DESCRIPTIONS: Record<CallType, string> = {
  reminder: 'Remind patients of their upcoming appointment.',
  confirmation: 'Ask patients to confirm or cancel their appointment.',
  followup: 'Check in with patients after their visit.',
};

/** One call type: the number and assistant to call with, and Call Now for the selected patients. */
export function CallTypeCard({
  callType,
  settings,
  assistants,
  phoneNumbers,
  selectedPatientIds,
  isPending,
  onStart,
  onOpenSettings,
}: {
  callType: CallType;
  /** The practice's settings for this type; undefined when they cannot be read (not an admin). */
  settings: CallTypeSettings | undefined;
  assistants: Assistant[];
  phoneNumbers: PhoneNumber[];
  selectedPatientIds: string[];
  isPending: boolean;
  onStart(body: StartOutboundCallsInput): void;
  /** Opens the settings dialog (admins), where a campaign that is not set up is completed. */
  onOpenSettings?: () => void;
}) {
  const [assistantId, setAssistantId] = useState<string | null>(null);
  const [phoneNumberId, setPhoneNumberId] = useState<string | null>(null);
  // Until the user picks, the practice's choice for this call type (when it is still on offer).
  const assistant =
    assistantId ??
    (assistants.some((a) => a.id === settings?.assistantId) ? settings!.assistantId : null) ??
    '';
  const phoneNumber =
    phoneNumberId ??
    (phoneNumbers.some((n) => n.id === settings?.phoneNumberId) ? settings!.phoneNumberId : null) ??
    '';
  const assistantSelectId = useId();
  const numberSelectId = useId();
  const title = callTypeLabel(callType);
  const ready = selectedPatientIds.length > 0 && Boolean(assistant) && Boolean(phoneNumber);
  const state = settings && campaignState(settings);

  const callNow = () => {
    if (isPending) return;
    if (selectedPatientIds.length === 0) return warn(M.cardNoPatientsTitle, M.cardNoPatientsText);
    if (!assistant) return warn(M.noAssistantTitle, M.noAssistantText);
    if (!phoneNumber) return warn(M.noNumberTitle, M.noNumberText);
    onStart({
      patient_ids: selectedPatientIds,
      call_type: callType,
      assistant_id: assistant,
      phone_number_id: phoneNumber,
    });
  };

  return (
    <Card>
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <CardTitle>{title}</CardTitle>
          {state && <Badge variant={BADGE[state]}>{state}</Badge>}
        </div>
        <CardDescription>{DESCRIPTIONS[callType]}</CardDescription>
        {settings && (
          <p className="text-sm text-slate-700">
            Channel: <span className="font-medium">{CHANNEL_LABELS[settings.channel]}</span>
            {settings.channel === 'sms_then_call' &&
              ` (call after ${settings.escalateAfterHours} hour${settings.escalateAfterHours === 1 ? '' : 's'} without a reply)`}
          </p>
        )}
        {settings && state === 'Not set up' && (
          <p className="text-sm text-red-700">
            {notSetUpText(callType, missingChoices(settings))}{' '}
            {onOpenSettings && (
              <Button variant="link" className="h-auto p-0 text-sm" onClick={onOpenSettings}>
                Set up in Settings
              </Button>
            )}
          </p>
        )}
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={numberSelectId}>Phone number</Label>
          <NativeSelect
            id={numberSelectId}
            value={phoneNumber}
            onChange={(e) => setPhoneNumberId(e.target.value)}
          >
            <option value="">Select a phone number</option>
            {phoneNumbers.map((n) => (
              <option key={n.id} value={n.id} disabled={!n.number}>
                {phoneNumberTitle(n)}
              </option>
            ))}
          </NativeSelect>
          {phoneNumbers.length === 0 && <p className="text-sm text-slate-600">No phone numbers available.</p>}
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={assistantSelectId}>Assistant</Label>
          <NativeSelect
            id={assistantSelectId}
            value={assistant}
            onChange={(e) => setAssistantId(e.target.value)}
          >
            <option value="">Select an assistant</option>
            {assistants.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </NativeSelect>
          {assistants.length === 0 && <p className="text-sm text-slate-600">No assistants available.</p>}
        </div>
        {/* aria-disabled rather than disabled: it stays focusable and a press says what is missing. */}
        <Button
          onClick={callNow}
          aria-disabled={!ready}
          pending={isPending}
          className={ready ? undefined : 'opacity-50'}
          aria-label={`Call Now: ${title}`}
        >
          <PhoneCall className="mr-2 h-4 w-4" aria-hidden="true" />
          Call Now
        </Button>
      </CardContent>
    </Card>
  );
}
