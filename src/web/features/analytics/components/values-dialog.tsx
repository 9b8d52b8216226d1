import { useId, useState, type FormEvent } from 'react';
import { APPOINTMENT_VALUE_MAX, type AppointmentValues } from '#shared/schemas/analytics';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { FormField } from '../../../components/form-field';
import { ListError, ListLoading } from '../../../components/list-states';
import { toastError, toastSuccess } from '../../../components/mutation-toasts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { messageOf } from '../../../lib/api-client';
import { useAppointmentValues } from '../api/get-values';
import { useUpdateAppointmentValues } from '../api/update-values';

export const VALUES_TEXTS = {
  title: 'Visit values',
  description:
    'What a visit of each type is worth to the practice, roughly. Analytics shows the estimated value of the ' +
    'visits the receptionist booked; leave a type empty to leave it out.',
  saved: 'Visit values saved',
  saveFailed: 'Could not save the visit values.',
  notAmount: `Enter an amount in dollars from 0 to ${APPOINTMENT_VALUE_MAX.toLocaleString('en-US')}, or leave it empty.`,
} as const;

/** '150', '' for a type with no value. */
const shown = (value: number | null) => (value === null ? '' : String(value));

function ValuesForm({ values, onDone }: { values: AppointmentValues['values']; onDone(): void }) {
  const formId = useId();
  const [draft, setDraft] = useState(() =>
    Object.fromEntries(values.map((v) => [v.appointmentType, shown(v.value)])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateAppointmentValues();

  function submit(event: FormEvent) {
    event.preventDefault();
    const problems: Record<string, string> = {};
    const body = values.map(({ appointmentType }) => {
      const text = draft[appointmentType]!.trim().replace(/^\$/, '').replaceAll(',', '');
      const value = text === '' ? null : Number(text);
      if (value !== null && (!Number.isFinite(value) || value < 0 || value > APPOINTMENT_VALUE_MAX))
        problems[appointmentType] = VALUES_TEXTS.notAmount;
      return { appointmentType, value };
    });
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    // The outcome follows the promise, so it is told even if Cancel closed the dialog meanwhile.
    update.mutateAsync({ values: body }).then(
      () => {
        toastSuccess(VALUES_TEXTS.saved);
        onDone();
      },
      (error: unknown) => toastError(messageOf(error, VALUES_TEXTS.saveFailed)),
    );
  }

  return (
    <>
      <form
        id={formId}
        onSubmit={submit}
        className="grid max-h-[60vh] gap-3 overflow-y-auto pr-1 sm:grid-cols-2"
      >
        {values.map((v) => (
          <FormField
            key={v.appointmentType}
            label={`${v.label} ($)`}
            inputMode="decimal"
            value={draft[v.appointmentType]}
            error={errors[v.appointmentType]}
            onChange={(event) => setDraft((d) => ({ ...d, [v.appointmentType]: event.target.value }))}
          />
        ))}
      </form>
      <FormDialogFooter
        onCancel={onDone}
        submitLabel={update.isPending ? 'Saving...' : 'Save values'}
        pending={update.isPending}
        form={formId}
      />
    </>
  );
}

/** The admin's editor of the value per appointment type (the estimated value's basis). */
export function ValuesDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const values = useAppointmentValues(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{VALUES_TEXTS.title}</DialogTitle>
          <DialogDescription>{VALUES_TEXTS.description}</DialogDescription>
        </DialogHeader>
        {values.isLoading && <ListLoading label="Loading values" />}
        {values.error && <ListError error={values.error} onRetry={values.refetch} />}
        {values.data && <ValuesForm values={values.data.values} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
