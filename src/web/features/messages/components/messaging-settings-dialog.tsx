import { useId, useState, type FormEvent } from 'react';
import type { PhoneNumber } from '#shared/schemas/phone-numbers';
import {
  LONGEST_VALUES,
  renderTemplate,
  TEMPLATE_KINDS,
  templateProblems,
  type MessagingTemplates,
  type TemplateContext,
  type TemplateKind,
} from '#shared/schemas/messaging';
import { smsLength } from '#shared/sms';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { ListError, ListLoading } from '../../../components/list-states';
import { toastError, toastSuccess } from '../../../components/mutation-toasts';
import { Alert } from '../../../components/ui/alert';
import { Checkbox } from '../../../components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Textarea } from '../../../components/ui/textarea';
import { ApiError, fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { formatNational, phoneNumberTitle } from '../../phone-numbers';
import { useMessagingSettings, type MessagingSettingsResponse } from '../api/get-messaging-settings';
import { useUpdateMessagingSettings } from '../api/update-messaging-settings';
import { lengthText } from './reply-box';
import { SandboxReply } from './sandbox-reply';

export const TEMPLATE_LABELS: Record<TemplateKind, string> = {
  reminder: 'Reminder',
  confirmation: 'Confirmation',
  booking: 'Booking confirmation',
  followup: 'Follow-up',
  recall: 'Recall',
};

export const SETTINGS_TEXTS = {
  saved: 'Messaging settings saved',
  saveFailed: 'Could not save the messaging settings.',
  bookingConfirmation: 'Text a booking confirmation after every booking',
  callOnReschedule: 'Also call the patient when they reply R',
  sandboxNote:
    'Texts stay in the built-in sandbox: nothing reaches a real phone. Reply as the patient below to try the whole loop.',
} as const;

/** The practice's name, phone and appointment types, as the server's rules measure them. */
export function practiceContext(settings: MessagingSettingsResponse): TemplateContext {
  return {
    practiceName: settings.practiceName,
    practicePhone: settings.practicePhone,
    appointmentTypes: settings.appointmentTypes,
  };
}

type FieldErrors = Partial<Record<TemplateKind | 'senderNumber', string>>;

/** Where the server's 400 belongs: its `fields` when it names one, else the template its message names. */
function settingsErrorsOf(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const found: FieldErrors = {};
  for (const [key, message] of Object.entries(fieldErrorsOf(error))) {
    const name = key.replace(/^templates\./, '');
    if ((TEMPLATE_KINDS as readonly string[]).includes(name) || name === 'senderNumber') {
      found[name as keyof FieldErrors] = message;
    }
  }
  if (Object.keys(found).length > 0) return found;
  const kind = TEMPLATE_KINDS.find((k) => error.text.includes(`The ${k} text`));
  if (kind) return { [kind]: error.text };
  if (/sender number/i.test(error.text)) return { senderNumber: error.text };
  return null;
}

function TemplateField({
  kind,
  value,
  context,
  serverError,
  onChange,
}: {
  kind: TemplateKind;
  value: string;
  context: TemplateContext;
  serverError: string | undefined;
  onChange(value: string): void;
}) {
  const id = useId();
  const preview = renderTemplate(value, {
    ...LONGEST_VALUES,
    practiceName: context.practiceName,
    practicePhone: context.practicePhone,
  });
  const problems = templateProblems(kind, value, context);
  const errors = serverError && !problems.includes(serverError) ? [...problems, serverError] : problems;
  return (
    <div className="grid gap-1.5 rounded-md border border-slate-200 p-3">
      <Label htmlFor={id}>{TEMPLATE_LABELS[kind]} text</Label>
      <Textarea
        id={id}
        value={value}
        rows={3}
        maxLength={1600}
        aria-invalid={errors.length > 0 ? true : undefined}
        aria-describedby={`${id}-length ${id}-problems`}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-length`} className="text-xs text-slate-600" aria-live="polite">
        {lengthText(smsLength(preview))}
      </p>
      <ul id={`${id}-problems`} className="grid gap-0.5 text-sm text-red-700" aria-live="polite">
        {errors.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
      <div className="grid gap-1">
        <span className="text-xs font-medium uppercase tracking-wide text-slate-500">
          Preview with the longest name, day and time
        </span>
        <p
          className="whitespace-pre-wrap break-words rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-900"
          data-testid={`preview-${kind}`}
        >
          {preview}
        </p>
      </div>
    </div>
  );
}

interface FormState {
  senderNumber: string;
  templates: MessagingTemplates;
  bookingConfirmation: boolean;
  callOnReschedule: boolean;
}

function SettingsForm({
  settings,
  phoneNumbers,
  onDone,
}: {
  settings: MessagingSettingsResponse;
  phoneNumbers: PhoneNumber[];
  onDone(): void;
}) {
  const [form, setForm] = useState<FormState>(() => ({
    senderNumber: settings.senderNumber ?? '',
    templates: { ...settings.templates },
    bookingConfirmation: settings.bookingConfirmation,
    callOnReschedule: settings.callOnReschedule,
  }));
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateMessagingSettings();
  const context = practiceContext(settings);
  const id = useId();
  const numbers = phoneNumbers.filter((n): n is PhoneNumber & { number: string } => Boolean(n.number));
  const senderKnown = !form.senderNumber || numbers.some((n) => n.number === form.senderNumber);
  const blocked = TEMPLATE_KINDS.some((kind) => templateProblems(kind, form.templates[kind], context).length);

  const setTemplate = (kind: TemplateKind, value: string) => {
    setForm((f) => ({ ...f, templates: { ...f.templates, [kind]: value } }));
    setServerErrors((e) => ({ ...e, [kind]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blocked) return;
    setFormError(null);
    // The outcome follows the promise, so it is told even if Cancel closed the dialog meanwhile.
    update
      .mutateAsync({
        senderNumber: form.senderNumber || null,
        templates: form.templates,
        bookingConfirmation: form.bookingConfirmation,
        callOnReschedule: form.callOnReschedule,
      })
      .then(
        () => {
          toastSuccess(SETTINGS_TEXTS.saved);
          onDone();
        },
        (error: unknown) => {
          const fields = settingsErrorsOf(error);
          if (fields) setServerErrors(fields);
          else setFormError(messageOf(error, SETTINGS_TEXTS.saveFailed));
          toastError(messageOf(error, SETTINGS_TEXTS.saveFailed));
        },
      );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Messaging settings">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-sender`}>Sender number</Label>
        <NativeSelect
          id={`${id}-sender`}
          value={form.senderNumber}
          aria-invalid={serverErrors.senderNumber ? true : undefined}
          aria-describedby={serverErrors.senderNumber ? `${id}-sender-error` : undefined}
          onChange={(e) => {
            setForm((f) => ({ ...f, senderNumber: e.target.value }));
            setServerErrors((errors) => ({ ...errors, senderNumber: undefined }));
          }}
        >
          <option value="">None (nothing is sent)</option>
          {!senderKnown && <option value={form.senderNumber}>{formatNational(form.senderNumber)}</option>}
          {numbers.map((n) => (
            <option key={n.id} value={n.number}>
              {phoneNumberTitle(n)}
              {n.name ? ` (${formatNational(n.number)})` : ''}
            </option>
          ))}
        </NativeSelect>
        {serverErrors.senderNumber && (
          <p id={`${id}-sender-error`} className="text-sm text-red-700">
            {serverErrors.senderNumber}
          </p>
        )}
      </div>

      <div className="grid gap-2">
        <div className="flex items-center gap-2">
          <Checkbox
            id={`${id}-booking`}
            checked={form.bookingConfirmation}
            onCheckedChange={(checked) => setForm((f) => ({ ...f, bookingConfirmation: checked === true }))}
          />
          <Label htmlFor={`${id}-booking`}>{SETTINGS_TEXTS.bookingConfirmation}</Label>
        </div>
        <div className="flex items-center gap-2">
          <Checkbox
            id={`${id}-reschedule`}
            checked={form.callOnReschedule}
            onCheckedChange={(checked) => setForm((f) => ({ ...f, callOnReschedule: checked === true }))}
          />
          <Label htmlFor={`${id}-reschedule`}>{SETTINGS_TEXTS.callOnReschedule}</Label>
        </div>
      </div>

      <fieldset className="grid gap-3">
        <legend className="mb-1 font-semibold text-slate-900">Templates</legend>
        <p className="text-sm text-slate-600">
          Placeholders: {'{firstName}'}, {'{day}'}, {'{time}'}, {'{practiceName}'}, {'{practicePhone}'}, and{' '}
          {'{confirmationNumber}'} in the booking confirmation.
        </p>
        {TEMPLATE_KINDS.map((kind) => (
          <TemplateField
            key={kind}
            kind={kind}
            value={form.templates[kind]}
            context={context}
            serverError={serverErrors[kind]}
            onChange={(value) => setTemplate(kind, value)}
          />
        ))}
      </fieldset>

      {formError && <Alert variant="destructive">{formError}</Alert>}
      <FormDialogFooter
        onCancel={onDone}
        disabled={blocked}
        pending={update.isPending}
        submitLabel={update.isPending ? 'Saving...' : 'Save Settings'}
      />
    </form>
  );
}

/** Admins: sender number, templates with live length and rules, what a booking and an R reply do. */
export function MessagingSettingsDialog({
  open,
  onOpenChange,
  phoneNumbers,
  onConversation,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  phoneNumbers: PhoneNumber[];
  /** The sandbox's reply arrived in this conversation: the screen opens it. */
  onConversation(conversationId: string): void;
}) {
  const query = useMessagingSettings(open);
  const settings = query.data;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Messaging Settings</DialogTitle>
          <DialogDescription>
            The number texts come from, what each text says, and what happens after a booking or a reply.
          </DialogDescription>
        </DialogHeader>
        {query.isLoading ? (
          <ListLoading label="Loading messaging settings" />
        ) : query.error ? (
          <ListError
            error={query.error}
            prefix="Could not load the messaging settings. "
            onRetry={query.refetch}
          />
        ) : settings ? (
          <>
            {settings.mode === 'sandbox' && (
              <>
                <Alert>{SETTINGS_TEXTS.sandboxNote}</Alert>
                <SandboxReply
                  onReceived={(conversationId) => {
                    onOpenChange(false);
                    onConversation(conversationId);
                  }}
                />
              </>
            )}
            <SettingsForm
              settings={settings}
              phoneNumbers={phoneNumbers}
              onDone={() => onOpenChange(false)}
            />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
