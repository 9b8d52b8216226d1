import { useId, useState, type FormEvent } from 'react';
import type { Assistant } from '#shared/schemas/assistants';
import type { PhoneNumber } from '#shared/schemas/phone-numbers';
import { FormField, SelectField } from '../../../components/form-field';
import { toastError, toastSuccess } from '../../../components/mutation-toasts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { messageOf } from '../../../lib/api-client';
import { phoneNumberTitle } from '../../phone-numbers';
import { useUpdateOutboundSettings } from '../api/update-outbound-settings';
import { callTypeLabel } from '../lib/call-status';
import { missingChoices, notSetUpText } from '../lib/set-up';
import {
  CALL_TYPES,
  CHANNEL_LABELS,
  CHANNELS,
  OUTBOUND_MESSAGES,
  type CallType,
  type Channel,
  type OutboundSettings,
} from '#shared/schemas/outbound-calls';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import {
  RecallSettingsFields,
  toRecallForm,
  toRecallSettings,
  validateRecall,
  type RecallForm,
} from './recall-settings-fields';

/** Reminder and confirmation run by themselves; follow-ups are only ever started by hand. */
const CAMPAIGN_TYPES: ReadonlySet<CallType> = new Set(['reminder', 'confirmation']);
export const MAX_DAYS_BEFORE = 30;
export const MAX_CONCURRENT_CALLS = 1000;
export const MAX_ESCALATE_HOURS = 72;
export const MAX_LATE_CHANGE_HOURS = 168;

export const SETTINGS_MESSAGES = {
  windowOrder: OUTBOUND_MESSAGES.invalidWindow,
  windowTime: OUTBOUND_MESSAGES.invalidTime,
  maxConcurrent: OUTBOUND_MESSAGES.invalidMaxConcurrent,
  daysBefore: OUTBOUND_MESSAGES.invalidDaysBefore,
  escalateAfterHours: 'Between 1 and 72 hours',
  lateChangeHours: OUTBOUND_MESSAGES.invalidLateChangeHours,
  saved: 'Outbound call settings saved',
  saveFailed: 'Could not save the outbound call settings.',
} as const;

type Errors = Partial<Record<string, string>>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : NaN);

function validate(form: FormState): Errors {
  const errors: Errors = {};
  if (!TIME.test(form.start)) errors.start = SETTINGS_MESSAGES.windowTime;
  if (!TIME.test(form.end)) errors.end = SETTINGS_MESSAGES.windowTime;
  else if (TIME.test(form.start) && form.end <= form.start) errors.end = SETTINGS_MESSAGES.windowOrder;
  const max = wholeNumber(form.maxConcurrentCalls);
  if (!(max >= 1 && max <= MAX_CONCURRENT_CALLS)) errors.maxConcurrentCalls = SETTINGS_MESSAGES.maxConcurrent;
  const late = wholeNumber(form.lateChangeHours);
  if (!(late >= 0 && late <= MAX_LATE_CHANGE_HOURS))
    errors.lateChangeHours = SETTINGS_MESSAGES.lateChangeHours;
  for (const type of CAMPAIGN_TYPES) {
    const days = wholeNumber(form.callTypes[type].daysBefore);
    if (!(days >= 0 && days <= MAX_DAYS_BEFORE)) errors[`${type}.daysBefore`] = SETTINGS_MESSAGES.daysBefore;
  }
  for (const type of CALL_TYPES) {
    if (form.callTypes[type].channel !== 'sms_then_call') continue;
    const hours = wholeNumber(form.callTypes[type].escalateAfterHours);
    if (!(hours >= 1 && hours <= MAX_ESCALATE_HOURS)) {
      errors[`${type}.escalateAfterHours`] = SETTINGS_MESSAGES.escalateAfterHours;
    }
  }
  return { ...errors, ...validateRecall(form.recall) };
}

interface FormState {
  start: string;
  end: string;
  maxConcurrentCalls: string;
  lateChangeHours: string;
  callTypes: Record<
    CallType,
    {
      assistantId: string;
      phoneNumberId: string;
      automatic: boolean;
      daysBefore: string;
      channel: Channel;
      escalateAfterHours: string;
    }
  >;
  recall: RecallForm;
}

function toForm(settings: OutboundSettings): FormState {
  const callTypes = {} as FormState['callTypes'];
  for (const type of CALL_TYPES) {
    const s = settings.callTypes[type];
    callTypes[type] = {
      assistantId: s.assistantId ?? '',
      phoneNumberId: s.phoneNumberId ?? '',
      automatic: s.automatic,
      daysBefore: String(s.daysBefore),
      channel: s.channel,
      escalateAfterHours: String(s.escalateAfterHours),
    };
  }
  return {
    start: settings.callingWindow.start,
    end: settings.callingWindow.end,
    maxConcurrentCalls: String(settings.maxConcurrentCalls),
    lateChangeHours: String(settings.lateChangeHours),
    callTypes,
    recall: toRecallForm(settings.recall),
  };
}

function toSettings(form: FormState, previous: OutboundSettings): OutboundSettings {
  const callTypes = {} as OutboundSettings['callTypes'];
  for (const type of CALL_TYPES) {
    const f = form.callTypes[type];
    callTypes[type] = {
      assistantId: f.assistantId || null,
      phoneNumberId: f.phoneNumberId || null,
      automatic: CAMPAIGN_TYPES.has(type) ? f.automatic : previous.callTypes[type].automatic,
      daysBefore: CAMPAIGN_TYPES.has(type) ? Number(f.daysBefore) : previous.callTypes[type].daysBefore,
      channel: f.channel,
      escalateAfterHours:
        f.channel === 'sms_then_call'
          ? Number(f.escalateAfterHours)
          : previous.callTypes[type].escalateAfterHours,
    };
  }
  return {
    callingWindow: { start: form.start, end: form.end },
    maxConcurrentCalls: Number(form.maxConcurrentCalls),
    lateChangeHours: Number(form.lateChangeHours),
    callTypes,
    recall: toRecallSettings(form.recall),
  };
}

/** Admins: the calling window, how many calls at once, and per call type what to call with and when. */
export function OutboundSettingsDialog({
  open,
  settings,
  assistants,
  phoneNumbers,
  onOpenChange,
}: {
  open: boolean;
  settings: OutboundSettings | undefined;
  assistants: Assistant[];
  phoneNumbers: PhoneNumber[];
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open && Boolean(settings)} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        {settings && (
          <SettingsForm
            settings={settings}
            assistants={assistants}
            phoneNumbers={phoneNumbers}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function SettingsForm({
  settings,
  assistants,
  phoneNumbers,
  onDone,
}: {
  settings: OutboundSettings;
  assistants: Assistant[];
  phoneNumbers: PhoneNumber[];
  onDone(): void;
}) {
  const [form, setForm] = useState(() => toForm(settings));
  const [errors, setErrors] = useState<Errors>({});
  const update = useUpdateOutboundSettings();
  const idPrefix = useId();

  const setType = (type: CallType, patch: Partial<FormState['callTypes'][CallType]>) =>
    setForm((f) => ({ ...f, callTypes: { ...f.callTypes, [type]: { ...f.callTypes[type], ...patch } } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // The outcome follows the promise, so it is told even if Cancel closed the dialog meanwhile.
    update.mutateAsync(toSettings(form, settings)).then(
      () => {
        toastSuccess(SETTINGS_MESSAGES.saved);
        onDone();
      },
      (error: unknown) => toastError(messageOf(error, SETTINGS_MESSAGES.saveFailed)),
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Outbound Call Settings</DialogTitle>
        <DialogDescription>
          When calls may be placed (in the practice&apos;s time zone), how many at once, and what each call
          type uses.
        </DialogDescription>
      </DialogHeader>

      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-2 font-semibold text-slate-900">Calling window</legend>
        <FormField
          label="Calls start at"
          type="time"
          value={form.start}
          error={errors.start}
          onChange={(e) => setForm((f) => ({ ...f, start: e.target.value }))}
        />
        <FormField
          label="Calls end at"
          type="time"
          value={form.end}
          error={errors.end}
          onChange={(e) => setForm((f) => ({ ...f, end: e.target.value }))}
        />
        <FormField
          label="Maximum concurrent calls"
          type="number"
          min={1}
          max={MAX_CONCURRENT_CALLS}
          inputMode="numeric"
          value={form.maxConcurrentCalls}
          error={errors.maxConcurrentCalls}
          onChange={(e) => setForm((f) => ({ ...f, maxConcurrentCalls: e.target.value }))}
        />
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-2 font-semibold text-slate-900">Changes by phone</legend>
        <FormField
          label="Hours before a visit when changes go to staff"
          type="number"
          min={0}
          max={MAX_LATE_CHANGE_HOURS}
          inputMode="numeric"
          value={form.lateChangeHours}
          error={errors.lateChangeHours}
          onChange={(e) => setForm((f) => ({ ...f, lateChangeHours: e.target.value }))}
        />
        <p className="text-sm text-slate-600">
          A caller who asks to reschedule or cancel a visit this close to it gets a callback from staff
          instead; 0 lets callers change up to the last minute.
        </p>
      </fieldset>

      {CALL_TYPES.map((type) => {
        const f = form.callTypes[type];
        const label = callTypeLabel(type);
        const missing = CAMPAIGN_TYPES.has(type) && f.automatic ? missingChoices(f) : [];
        return (
          <fieldset key={type} className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2">
            <legend className="px-1 font-semibold text-slate-900">{label} calls</legend>
            {missing.length > 0 && (
              <p className="text-sm text-red-700 sm:col-span-2">Not set up: {notSetUpText(type, missing)}</p>
            )}
            <SelectField
              label={`${label} assistant`}
              value={f.assistantId}
              onChange={(e) => setType(type, { assistantId: e.target.value })}
              emptyLabel="None"
              options={assistants.map((a) => ({ value: a.id, label: a.name }))}
            />
            <SelectField
              label={`${label} phone number`}
              value={f.phoneNumberId}
              onChange={(e) => setType(type, { phoneNumberId: e.target.value })}
              emptyLabel="None"
              options={phoneNumbers.map((n) => ({ value: n.id, label: phoneNumberTitle(n) }))}
            />
            <SelectField
              label={`${label}: how to reach the patient`}
              value={f.channel}
              onChange={(e) => setType(type, { channel: e.target.value as Channel })}
              options={CHANNELS.map((channel) => ({ value: channel, label: CHANNEL_LABELS[channel] }))}
            />
            {f.channel === 'sms_then_call' && (
              <FormField
                label={`${label}: call after this many hours without a reply`}
                type="number"
                min={1}
                max={MAX_ESCALATE_HOURS}
                inputMode="numeric"
                value={f.escalateAfterHours}
                error={errors[`${type}.escalateAfterHours`]}
                onChange={(e) => setType(type, { escalateAfterHours: e.target.value })}
              />
            )}
            {CAMPAIGN_TYPES.has(type) && (
              <>
                <div className="flex items-center gap-3">
                  <Switch
                    id={`${idPrefix}-${type}-automatic`}
                    checked={f.automatic}
                    onCheckedChange={(automatic) => setType(type, { automatic })}
                  />
                  <Label htmlFor={`${idPrefix}-${type}-automatic`}>
                    Call {label.toLowerCase()}s automatically
                  </Label>
                </div>
                <FormField
                  label={`${label}: days before the appointment`}
                  type="number"
                  min={0}
                  max={MAX_DAYS_BEFORE}
                  inputMode="numeric"
                  value={f.daysBefore}
                  error={errors[`${type}.daysBefore`]}
                  onChange={(e) => setType(type, { daysBefore: e.target.value })}
                />
              </>
            )}
          </fieldset>
        );
      })}

      <RecallSettingsFields
        form={form.recall}
        errors={errors}
        assistants={assistants}
        phoneNumbers={phoneNumbers}
        onChange={(patch) => setForm((f) => ({ ...f, recall: { ...f.recall, ...patch } }))}
      />

      <FormDialogFooter
        onCancel={onDone}
        pending={update.isPending}
        submitLabel={update.isPending ? 'Saving...' : 'Save Settings'}
      />
    </form>
  );
}
