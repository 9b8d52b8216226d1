import { useState, type FormEvent } from 'react';
import { ConnectorInputSchema, type Connector, type ConnectorInput } from '#shared/schemas/connectors';
import { FormField } from '../../../components/form-field';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { toastError, toastSuccess } from '../../../components/mutation-toasts';
import { validate, type FieldErrors } from '../../../lib/form';
import { useCreateConnector } from '../api/create-connector';
import { useUpdateConnector } from '../api/update-connector';
import { messageOf } from '../../../lib/api-client';
import { FormDialogFooter } from '../../../components/form-dialog-footer';

const EMPTY: ConnectorInput = { name: '', consumerId: '', connectorId: '' };

/** 'Add New Connector' when `connector` is absent, 'Edit Connector' otherwise. */
export function ConnectorFormDialog({
  open,
  connector,
  onOpenChange,
}: {
  open: boolean;
  connector?: Connector;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* Keyed so each opening starts from the connector's current values. */}
        {open && (
          <ConnectorForm
            key={connector?.id ?? 'new'}
            connector={connector}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ConnectorForm({ connector, onDone }: { connector?: Connector; onDone(): void }) {
  const [values, setValues] = useState<ConnectorInput>(
    connector
      ? { name: connector.name, consumerId: connector.consumerId, connectorId: connector.connectorId }
      : EMPTY,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateConnector();
  const update = useUpdateConnector();
  const pending = create.isPending || update.isPending;

  const field = (name: keyof ConnectorInput) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validate(ConnectorInputSchema, values);
    setErrors(result.errors ?? {});
    if (!result.data) return;
    const input = result.data;
    // The outcome follows the promise, so it is told even if Cancel closed the dialog meanwhile.
    const saved = connector ? update.mutateAsync({ id: connector.id, input }) : create.mutateAsync(input);
    const done = connector ? 'updated' : 'created';
    saved.then(
      () => {
        toastSuccess(`Connector ${done} successfully`);
        onDone();
      },
      (error: unknown) =>
        toastError(
          `Failed to ${connector ? 'update' : 'create'} connector: ${messageOf(error, 'please try again.')}`,
        ),
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{connector ? 'Edit Connector' : 'Add New Connector'}</DialogTitle>
        <DialogDescription>The practice management account the receptionist books into.</DialogDescription>
      </DialogHeader>
      <FormField label="Name" {...field('name')} />
      <FormField label="Consumer ID" {...field('consumerId')} />
      <FormField label="Connector ID" {...field('connectorId')} />
      <FormDialogFooter
        onCancel={onDone}
        pending={pending}
        submitLabel={connector ? 'Update Connector' : 'Create Connector'}
      />
    </form>
  );
}
