import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { getSolutionLabel } from '#shared/marketing';
import {
  CreatePracticeInputSchema,
  PRACTICE_TYPES,
  type CreatePracticeInput,
  type PracticeType,
} from '#shared/schemas/practices';
import { FormField } from '../../../components/form-field';
import { toastError, toastSuccess } from '../../../components/mutation-toasts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { errorCodeOf, messageOf } from '../../../lib/api-client';
import { validate, type FieldErrors } from '../../../lib/form';
import { useCreatePractice } from '../api/create-practice';
import { FormDialogFooter } from '../../../components/form-dialog-footer';

export const DEFAULT_PRACTICE_TIME_ZONE = 'America/New_York';

/** What the dialog starts with: empty, or a demo request's name, solution and e-mail. */
export interface PracticePrefill {
  name?: string;
  practiceType?: PracticeType;
  adminEmail?: string;
  demoRequestId?: string;
}

type Values = Omit<CreatePracticeInput, 'demoRequestId'>;

/** "Create Practice": the practice and the invitation of its first admin. */
export function CreatePracticeDialog({
  open,
  prefill,
  onOpenChange,
}: {
  open: boolean;
  prefill?: PracticePrefill;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* Keyed so each opening starts from its own prefill. */}
        {open && (
          <CreatePracticeForm
            key={prefill?.demoRequestId ?? 'new'}
            prefill={prefill}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function SelectField({
  label,
  error,
  value,
  onChange,
  children,
}: {
  label: string;
  error?: string;
  value: string;
  onChange(value: string): void;
  /** The `<option>`s; kept as the same elements between renders, so React skips the long zone list. */
  children: ReactNode;
}) {
  const id = `practice-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </NativeSelect>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function optionsOf<T extends string>(values: readonly T[], label: (value: T) => string) {
  return values.map((value) => (
    <option key={value} value={value}>
      {label(value)}
    </option>
  ));
}

function CreatePracticeForm({ prefill, onDone }: { prefill?: PracticePrefill; onDone(): void }) {
  const [values, setValues] = useState<Values>({
    name: prefill?.name ?? '',
    practiceType: prefill?.practiceType ?? PRACTICE_TYPES[0],
    timeZone: DEFAULT_PRACTICE_TIME_ZONE,
    adminEmail: prefill?.adminEmail ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreatePractice();
  const timeZones = useMemo(
    () => optionsOf(Intl.supportedValuesOf('timeZone'), (zone) => zone.replace(/_/g, ' ')),
    [],
  );
  const types = useMemo(() => optionsOf(PRACTICE_TYPES, getSolutionLabel), []);
  const set = (name: keyof Values) => (value: string) => setValues({ ...values, [name]: value });

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validate(CreatePracticeInputSchema, { ...values, demoRequestId: prefill?.demoRequestId });
    setErrors(result.errors ?? {});
    if (!result.data) return;
    // The outcome follows the promise, so it is told even if Cancel closed the dialog meanwhile.
    create.mutateAsync(result.data).then(
      ({ practice, invitation }) => {
        toastSuccess(`${practice.name} created. Invitation sent to ${invitation.email}`);
        onDone();
      },
      (error: unknown) => {
        // The practice exists (its row offers Invite Admin): the dialog closes, so it is not created twice.
        if (errorCodeOf(error) === 'admin_not_invited') {
          toastError(messageOf(error, 'The practice was created, but its admin could not be invited.'));
          onDone();
          return;
        }
        toastError(`Failed to create practice: ${messageOf(error, 'please try again.')}`);
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Create Practice</DialogTitle>
        <DialogDescription>
          {prefill?.demoRequestId
            ? 'From the demo request: check the details, then invite the first admin.'
            : "A new practice and an invitation to its first admin's e-mail."}
        </DialogDescription>
      </DialogHeader>
      <FormField
        label="Practice name"
        value={values.name}
        error={errors.name}
        onChange={(event) => set('name')(event.target.value)}
      />
      <SelectField
        label="Practice type"
        value={values.practiceType}
        error={errors.practiceType}
        onChange={set('practiceType')}
      >
        {types}
      </SelectField>
      <SelectField
        label="Time zone"
        value={values.timeZone}
        error={errors.timeZone}
        onChange={set('timeZone')}
      >
        {timeZones}
      </SelectField>
      <FormField
        label="First admin's e-mail"
        type="email"
        value={values.adminEmail}
        error={errors.adminEmail ?? errors.demoRequestId}
        onChange={(event) => set('adminEmail')(event.target.value)}
      />
      <FormDialogFooter onCancel={onDone} pending={create.isPending} submitLabel="Create Practice" />
    </form>
  );
}
