import { Button } from './ui/button';
import { DialogFooter } from './ui/dialog';

/** A form dialog's footer: Cancel, then the form's submit button (its own label, disabled while it cannot send, pending while it sends). */
export function FormDialogFooter({
  onCancel,
  submitLabel,
  disabled,
  pending,
  form,
}: {
  onCancel(): void;
  submitLabel: string;
  disabled?: boolean;
  /** The form is being sent: the submit button ignores presses but keeps the focus. */
  pending?: boolean;
  /** The form's id, when the footer stands outside the form. */
  form?: string;
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" form={form} disabled={disabled} pending={pending}>
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}
