import { useState, type FormEvent } from 'react';
import { FormField } from '../../../components/form-field';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/use-toast';
import { fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { useCreateWorkflow } from '../api/create-workflow';
import { WORKFLOW_MESSAGES as M } from '#shared/schemas/workflows';
import { FormDialogFooter } from '../../../components/form-dialog-footer';

export function CreateWorkflowDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        {open && <CreateWorkflowForm onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function CreateWorkflowForm({ onDone }: { onDone(): void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const create = useCreateWorkflow();
  const empty = name.trim() === '';

  function submit(event: FormEvent) {
    event.preventDefault();
    if (empty || create.isPending) return;
    // The outcome follows the promise, so it is told even if Cancel closed the dialog meanwhile.
    create.mutateAsync({ name: name.trim() }).then(
      () => {
        toast({ title: M.created });
        onDone();
      },
      (e: unknown) => {
        setError(fieldErrorsOf(e).name);
        toast({
          title: M.createFailed,
          description: messageOf(e, 'Please try again.'),
          variant: 'destructive',
        });
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Create Workflow</DialogTitle>
        <DialogDescription>Name the flow; its steps start empty.</DialogDescription>
      </DialogHeader>
      <FormField
        label="Name"
        required
        value={name}
        error={error}
        onChange={(event) => setName(event.target.value)}
      />
      <FormDialogFooter
        onCancel={onDone}
        disabled={empty}
        pending={create.isPending}
        submitLabel="Create Workflow"
      />
    </form>
  );
}
