import { useId } from 'react';
import type { Assistant } from '#shared/schemas/assistants';
import type { PhoneNumber } from '#shared/schemas/phone-numbers';
import {
  RECALL_INTERVAL_MONTHS,
  RECALL_MAX_PER_DAY,
  RECALL_SETTINGS_MESSAGES,
  type RecallSettings,
} from '#shared/schemas/outbound-calls';
import { FormField, SelectField } from '../../../components/form-field';
import { Label } from '../../../components/ui/label';
import { Switch } from '../../../components/ui/switch';
import { phoneNumberTitle } from '../../phone-numbers';
import { missingChoices, type Missing } from '../lib/set-up';

/** The recall part of the outbound settings form (issue 24), as typed. */
export interface RecallForm {
  intervalMonths: string;
  automatic: boolean;
  assistantId: string;
  phoneNumberId: string;
  maxPerDay: string;
}

export const toRecallForm = (s: RecallSettings): RecallForm => ({
  intervalMonths: String(s.intervalMonths),
  automatic: s.automatic,
  assistantId: s.assistantId ?? '',
  phoneNumberId: s.phoneNumberId ?? '',
  maxPerDay: String(s.maxPerDay),
});

export const toRecallSettings = (f: RecallForm): RecallSettings => ({
  intervalMonths: Number(f.intervalMonths),
  automatic: f.automatic,
  assistantId: f.assistantId || null,
  phoneNumberId: f.phoneNumberId || null,
  maxPerDay: Number(f.maxPerDay),
});

const within = (text: string, { min, max }: { min: number; max: number }) =>
  /^\d+$/.test(text.trim()) && Number(text) >= min && Number(text) <= max;

/** Errors keyed `recall.<field>`, as the server names them. */
export function validateRecall(f: RecallForm): Partial<Record<string, string>> {
  return {
    ...(!within(f.intervalMonths, RECALL_INTERVAL_MONTHS) && {
      'recall.intervalMonths': RECALL_SETTINGS_MESSAGES.intervalMonths,
    }),
    ...(!within(f.maxPerDay, RECALL_MAX_PER_DAY) && {
      'recall.maxPerDay': RECALL_SETTINGS_MESSAGES.maxPerDay,
    }),
  };
}

const notSetUp = (missing: Missing[]) =>
  `No recall calls are made by themselves until ${missing
    .map((m) => (m === 'assistant' ? 'an assistant' : 'a phone number'))
    .join(' and ')} ${missing.length > 1 ? 'are' : 'is'} chosen.`;

/** Who is due (the interval) and the optional daily campaign: what it calls with and how many a day. */
export function RecallSettingsFields({
  form,
  errors,
  assistants,
  phoneNumbers,
  onChange,
}: {
  form: RecallForm;
  errors: Partial<Record<string, string>>;
  assistants: Assistant[];
  phoneNumbers: PhoneNumber[];
  onChange(patch: Partial<RecallForm>): void;
}) {
  const id = useId();
  const missing = form.automatic ? missingChoices(form) : [];
  return (
    <fieldset className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2">
      <legend className="px-1 font-semibold text-slate-900">Recall</legend>
      <p className="text-sm text-slate-600 sm:col-span-2">
        Patients are due when their last kept cleaning or checkup is older than the interval and nothing is
        booked. A patient is never called for recall twice within 30 days.
      </p>
      {missing.length > 0 && (
        <p className="text-sm text-red-700 sm:col-span-2">Not set up: {notSetUp(missing)}</p>
      )}
      <FormField
        label="Recall interval (months)"
        type="number"
        min={RECALL_INTERVAL_MONTHS.min}
        max={RECALL_INTERVAL_MONTHS.max}
        inputMode="numeric"
        value={form.intervalMonths}
        error={errors['recall.intervalMonths']}
        onChange={(e) => onChange({ intervalMonths: e.target.value })}
      />
      <FormField
        label="Recall calls a day at most"
        type="number"
        min={RECALL_MAX_PER_DAY.min}
        max={RECALL_MAX_PER_DAY.max}
        inputMode="numeric"
        value={form.maxPerDay}
        error={errors['recall.maxPerDay']}
        onChange={(e) => onChange({ maxPerDay: e.target.value })}
      />
      <SelectField
        label="Recall assistant"
        value={form.assistantId}
        onChange={(e) => onChange({ assistantId: e.target.value })}
        emptyLabel="None"
        options={assistants.map((a) => ({ value: a.id, label: a.name }))}
      />
      <SelectField
        label="Recall phone number"
        value={form.phoneNumberId}
        onChange={(e) => onChange({ phoneNumberId: e.target.value })}
        emptyLabel="None"
        options={phoneNumbers.map((n) => ({ value: n.id, label: phoneNumberTitle(n) }))}
      />
      <div className="flex items-center gap-3 sm:col-span-2">
        <Switch
          id={`${id}-automatic`}
          checked={form.automatic}
          onCheckedChange={(automatic) => onChange({ automatic })}
        />
        <Label htmlFor={`${id}-automatic`}>Call due patients automatically every day</Label>
      </div>
    </fieldset>
  );
}
