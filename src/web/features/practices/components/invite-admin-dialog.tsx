import { useState, type FormEvent } from 'react';
import { InvitePracticeAdminInputSchema, type Practice } from '#shared/schemas/practices';
import { FormField } from '../../../components/form-field';
import { toastError, toastSuccess } from '../../../components/mutation-toasts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { messageOf } from '../../../lib/api-client';
import { validate, type FieldErrors } from '../../../lib/form';
import { useInvitePracticeAdmin } from '../api/invite-practice-admin';
import { FormDialogFooter } from '../../../components/form-dialog-footer';

/** "Invite Admin": a new one-time link for a practice's admin, when the first expired or was never mailed. */
export function InviteAdminDialog({
  practice,
  onOpenChange,
}: {
  practice: Practice | undefined;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={Boolean(practice)} onOpenChange={onOpenChange}>
      <DialogContent>
        {practice && (
          <InviteAdminForm key={practice.id} practice={practice} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function InviteAdminForm({ practice, onDone }: { practice: Practice; onDone(): void }) {
  const [adminEmail, setAdminEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const invite = useInvitePracticeAdmin();

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validate(InvitePracticeAdminInputSchema, { adminEmail });
    setErrors(result.errors ?? {});
    if (!result.data) return;
    // The outcome follows the promise, so it is told even if Cancel closed the dialog meanwhile.
    invite.mutateAsync({ id: practice.id, ...result.data }).then(
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
        <DialogTitle>Invite Admin</DialogTitle>
        <DialogDescription>
          A new one-time link to {practice.name} for its admin: for when the first one expired or was not
          delivered. The link works for 72 hours.
        </DialogDescription>
      </DialogHeader>
      <FormField
        label="Admin's e-mail"
        type="email"
        value={adminEmail}
        error={errors.adminEmail}
        onChange={(event) => setAdminEmail(event.target.value)}
      />
      <FormDialogFooter onCancel={onDone} pending={invite.isPending} submitLabel="Send Invitation" />
    </form>
  );
}
