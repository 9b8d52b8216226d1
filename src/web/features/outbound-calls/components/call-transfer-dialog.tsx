import { useState, type FormEvent } from 'react';
import { phoneNumberProblem } from '#shared/phone';
import {
  CALL_TRANSFER_MESSAGES as M,
  WEEKDAYS,
  WEEKDAY_NAMES,
  type CallTransferSettings,
  type Weekday,
} from '#shared/schemas/call-transfer';
import { CheckboxGroup } from '../../../components/checkbox-group';
import { FormField } from '../../../components/form-field';
import { toastError, toastSuccess } from '../../../components/mutation-toasts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { useUpdateCallTransferSettings } from '../api/update-call-transfer-settings';
import { FormDialogFooter } from '../../../components/form-dialog-footer';

const DAY_OPTIONS = WEEKDAYS.map((day) => ({ value: day, label: WEEKDAY_NAMES[day] }));

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

type FormState = { phoneNumber: string; days: Weekday[]; start: string; end: string };
type Errors = Partial<Record<keyof FormState, string>>;

function validate(form: FormState): Errors {
  const errors: Errors = {};
  const problem = form.phoneNumber.trim() ? phoneNumberProblem(form.phoneNumber) : undefined;
  if (problem) errors.phoneNumber = problem;
  if (form.days.length === 0) errors.days = M.noDays;
  if (!TIME.test(form.start)) errors.start = M.invalidTime;
  if (!TIME.test(form.end)) errors.end = M.invalidTime;
  else if (TIME.test(form.start) && form.end <= form.start) errors.end = M.invalidHours;
  return errors;
}

/**
 * Admins: transfer to a person (ADR 045). When a caller asks an assistant for a person, the call is put
 * through to this number on these days and hours (the practice's time zone); otherwise the assistant says
 * when someone answers. No number: no transfers.
 */
export function CallTransferDialog({
  open,
  settings,
  onOpenChange,
}: {
  open: boolean;
  settings: CallTransferSettings | undefined;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open && Boolean(settings)} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        {settings && <TransferForm settings={settings} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function TransferForm({ settings, onDone }: { settings: CallTransferSettings; onDone(): void }) {
  const [form, setForm] = useState<FormState>(() => ({
    ...settings,
    phoneNumber: settings.phoneNumber ?? '',
  }));
  const [errors, setErrors] = useState<Errors>({});
  const update = useUpdateCallTransferSettings();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    // The outcome follows the promise, so it is told even if Cancel closed the dialog meanwhile.
    update.mutateAsync({ ...form, phoneNumber: form.phoneNumber.trim() || null }).then(
      () => {
        toastSuccess(M.saved);
        onDone();
      },
      (error: unknown) => {
        // A number the server refuses (one of our own, an extension) is marked where it was typed.
        setErrors(fieldErrorsOf(error));
        toastError(messageOf(error, M.saveFailed));
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Transfer to a Person</DialogTitle>
        <DialogDescription>
          When a caller asks an assistant for a person, the call is put through to this number during these
          hours (in the practice&apos;s time zone). Outside them the assistant says when someone answers.
          Leave the number empty for no transfers.
        </DialogDescription>
      </DialogHeader>
      <FormField
        label="Transfer to phone number"
        type="tel"
        autoComplete="off"
        placeholder="+12125550143"
        value={form.phoneNumber}
        error={errors.phoneNumber}
        onChange={(e) => setForm((f) => ({ ...f, phoneNumber: e.target.value }))}
      />
      <CheckboxGroup
        legend="Days someone answers"
        options={DAY_OPTIONS}
        value={form.days}
        onChange={(days) =>
          setForm((f) => ({ ...f, days: WEEKDAYS.filter((day) => (days as string[]).includes(day)) }))
        }
        emptyText=""
        error={errors.days}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label="Answered from"
          type="time"
          value={form.start}
          error={errors.start}
          onChange={(e) => setForm((f) => ({ ...f, start: e.target.value }))}
        />
        <FormField
          label="Answered until"
          type="time"
          value={form.end}
          error={errors.end}
          onChange={(e) => setForm((f) => ({ ...f, end: e.target.value }))}
        />
      </div>
      <FormDialogFooter
        onCancel={onDone}
        pending={update.isPending}
        submitLabel={update.isPending ? 'Saving...' : 'Save'}
      />
    </form>
  );
}
