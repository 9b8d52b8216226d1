import { Button } from './ui/button';
import { DialogFooter } from './ui/dialog';

/** A form dialog's footer: Cancel, then the form's submit button (its own label, disabled while it cannot send). */
export function FormDialogFooter({
  onCancel,
  submitLabel,
  disabled,
  form,
}: {
  onCancel(): void;
  submitLabel: string;
  disabled?: boolean;
  /** The form's id, when the footer stands outside the form. */
  form?: string;
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" form={form} disabled={disabled}>
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
