import { useId, useState, type FormEvent } from 'react';
import { CreateInvitationInputSchema } from '#shared/schemas/invitations';
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
import { messageOf } from '../../../lib/api-client';
import { validate, type FieldErrors } from '../../../lib/form';
import { useCreateInvitation } from '../api/create-invitation';
import { FormDialogFooter } from '../../../components/form-dialog-footer';
import { allFlags, PermissionsFieldset } from './permissions-fieldset';

/** "Invite User": the invitee gets a one-time link by e-mail and sets their own password. */
export function InviteUserDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>{open && <InviteUserForm onDone={() => onOpenChange(false)} />}</DialogContent>
    </Dialog>
  );
}

function InviteUserForm({ onDone }: { onDone(): void }) {
  const [values, setValues] = useState({ name: '', email: '', role: 'sub' as 'admin' | 'sub' });
  // What a sub user may use once they accept (an admin may use everything).
  const [permissions, setPermissions] = useState(() => allFlags(false));
  const [errors, setErrors] = useState<FieldErrors>({});
  const invite = useCreateInvitation();
  const roleId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validate(
      CreateInvitationInputSchema,
      values.role === 'sub' ? { ...values, permissions } : values,
    );
    setErrors(result.errors ?? {});
    if (!result.data) return;
    // The outcome follows the promise, so it is told even if Cancel closed the dialog meanwhile.
    invite.mutateAsync(result.data).then(
      ({ invitation }) => {
        toastSuccess(`Invitation sent to ${invitation.email}`);
        onDone();
      },
      (error: unknown) => toastError(`Failed to send invitation: ${messageOf(error, 'please try again.')}`),
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Invite User</DialogTitle>
        <DialogDescription>
          They get an e-mail with a link to set their password; the link works once, for 72 hours.
        </DialogDescription>
      </DialogHeader>
      <FormField
        label="Name"
        value={values.name}
        error={errors.name}
        onChange={(event) => setValues({ ...values, name: event.target.value })}
      />
      <FormField
        label="Email"
        type="email"
        value={values.email}
        error={errors.email}
        onChange={(event) => setValues({ ...values, email: event.target.value })}
      />
      <div className="grid gap-1.5">
        <Label htmlFor={roleId}>Role</Label>
        <NativeSelect
          id={roleId}
          value={values.role}
          onChange={(event) => setValues({ ...values, role: event.target.value as 'admin' | 'sub' })}
        >
          <option value="sub">Sub User</option>
          <option value="admin">Admin</option>
        </NativeSelect>
      </div>
      {values.role === 'sub' && <PermissionsFieldset value={permissions} onChange={setPermissions} />}
      <FormDialogFooter onCancel={onDone} pending={invite.isPending} submitLabel="Send Invitation" />
    </form>
  );
}
