import { useId, useState, type FormEvent } from 'react';
import type { Assistant } from '#shared/schemas/assistants';
import type { Connector } from '#shared/schemas/connectors';
import { PHONE_MAPPING_MESSAGES as MM, type PhoneMapping } from '#shared/schemas/phone-mappings';
import { PHONE_NUMBER_MESSAGES as M, type PhoneNumber } from '#shared/schemas/phone-numbers';
import { FormField } from '../../../components/form-field';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { toast } from '../../../components/ui/use-toast';
import { fieldErrorsOf, messageOf } from '../../../lib/api-client';
import { useCreatePhoneMapping } from '../api/create-phone-mapping';
import { useDeletePhoneMapping } from '../api/delete-phone-mapping';
import { useReplacePhoneMapping } from '../api/replace-phone-mapping';
import { useUpdatePhoneNumber } from '../api/update-phone-number';
import { formatNational, phoneNumberTitle, planMapping } from '../lib/phone-number-display';
import { FormDialogFooter } from '../../../components/form-dialog-footer';

/** A list the dialog chooses from, with whether it could be loaded. */
export interface Choices<T> {
  items: T[];
  isLoading: boolean;
  /** Why the list is not offered (no permission, or it failed to load); the field is then read-only. */
  unavailable?: string;
}

export function PhoneNumberFormDialog({
  phoneNumber,
  mapping,
  assistants,
  connectors,
  isAdmin,
  onOpenChange,
}: {
  phoneNumber: PhoneNumber | undefined;
  mapping: PhoneMapping | undefined;
  assistants: Choices<Assistant>;
  connectors: Choices<Connector>;
  isAdmin: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={Boolean(phoneNumber)} onOpenChange={onOpenChange}>
      <DialogContent>
        {phoneNumber && (
          <PhoneNumberForm
            key={phoneNumber.id}
            phoneNumber={phoneNumber}
            mapping={mapping}
            assistants={assistants}
            connectors={connectors}
            isAdmin={isAdmin}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function PhoneNumberForm({
  phoneNumber,
  mapping,
  assistants,
  connectors,
  isAdmin,
  onDone,
}: {
  phoneNumber: PhoneNumber;
  mapping: PhoneMapping | undefined;
  assistants: Choices<Assistant>;
  connectors: Choices<Connector>;
  isAdmin: boolean;
  onDone(): void;
}) {
  const [name, setName] = useState(phoneNumber.name ?? '');
  const [assistantId, setAssistantId] = useState(phoneNumber.assistantId ?? '');
  const [connectorId, setConnectorId] = useState(mapping?.connectorId ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const update = useUpdatePhoneNumber();
  const createMapping = useCreatePhoneMapping();
  const replaceMapping = useReplacePhoneMapping();
  const removeMapping = useDeletePhoneMapping();
  const ids = { assistant: useId(), connector: useId(), number: useId() };

  const fail = (title: string, error: unknown) => {
    const fields = fieldErrorsOf(error);
    if (Object.keys(fields).length > 0) setErrors(fields);
    toast({ title, description: messageOf(error, 'Please try again.'), variant: 'destructive' });
  };

  /** Spec section 4: the number first, then its mapping (create, replace or remove). */
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    setErrors({});
    try {
      try {
        await update.mutateAsync({
          id: phoneNumber.id,
          input: { name: name.trim(), assistantId: assistantId || null },
        });
      } catch (error) {
        fail(M.updateFailed, error);
        return;
      }
      toast({ title: M.updated });

      const step = planMapping({
        number: phoneNumber.number,
        connectorId,
        name: name.trim() || phoneNumber.number || '',
        existing: mapping,
      });
      try {
        if (step.kind === 'create') await createMapping.mutateAsync(step.input);
        else if (step.kind === 'replace') await replaceMapping.mutateAsync(step);
        else if (step.kind === 'remove') await removeMapping.mutateAsync(step.phoneNumber);
      } catch (error) {
        // The number is saved; the dialog stays open so the mapping can be tried again.
        fail(
          step.kind === 'create'
            ? MM.createFailed
            : step.kind === 'remove'
              ? MM.deleteFailed
              : MM.updateFailed,
          error,
        );
        return;
      }
      if (step.kind === 'remove') toast({ title: MM.removed });
      else if (step.kind !== 'none') toast({ title: MM.updated });
      onDone();
    } finally {
      setSaving(false);
    }
  }

  // A sub user may hold a number whose assistant they cannot see: it stays as it is.
  const currentAssistantHidden =
    Boolean(phoneNumber.assistantId) && !assistants.items.some((a) => a.id === phoneNumber.assistantId);
  const currentConnectorHidden =
    Boolean(mapping) && !connectors.items.some((c) => c.connectorId === mapping?.connectorId);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{isAdmin ? 'Edit Phone Number' : M.nonAdminTitle}</DialogTitle>
        <DialogDescription>
          Name the number, choose the assistant that answers it and the practice system it books into.
        </DialogDescription>
      </DialogHeader>
      <FormField
        label="Name"
        placeholder={phoneNumberTitle({ name: null, number: phoneNumber.number })}
        value={name}
        error={errors.name}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="grid gap-1.5">
        <Label htmlFor={ids.assistant}>Assistant</Label>
        <NativeSelect
          id={ids.assistant}
          value={assistantId}
          disabled={assistants.isLoading || Boolean(assistants.unavailable)}
          aria-describedby={
            assistants.unavailable || errors.assistantId ? `${ids.assistant}-note` : undefined
          }
          aria-invalid={errors.assistantId ? true : undefined}
          onChange={(event) => setAssistantId(event.target.value)}
        >
          <option value="">No assistant</option>
          {currentAssistantHidden && <option value={phoneNumber.assistantId ?? ''}>Current assistant</option>}
          {assistants.items.map((assistant) => (
            <option key={assistant.id} value={assistant.id}>
              {assistant.name}
            </option>
          ))}
        </NativeSelect>
        {(errors.assistantId ?? assistants.unavailable) && (
          <p
            id={`${ids.assistant}-note`}
            className={errors.assistantId ? 'text-sm text-red-700' : 'text-xs text-slate-500'}
          >
            {errors.assistantId ?? assistants.unavailable}
          </p>
        )}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.connector}>Connector</Label>
        <NativeSelect
          id={ids.connector}
          value={connectorId}
          disabled={!phoneNumber.number || connectors.isLoading || Boolean(connectors.unavailable)}
          aria-describedby={`${ids.connector}-note`}
          onChange={(event) => setConnectorId(event.target.value)}
        >
          <option value="">No connector</option>
          {currentConnectorHidden && <option value={mapping?.connectorId}>{mapping?.connectorId}</option>}
          {connectors.items.map((connector) => (
            <option key={connector.id} value={connector.connectorId}>
              {connector.name}
            </option>
          ))}
        </NativeSelect>
        <p id={`${ids.connector}-note`} className="text-xs text-slate-500">
          {!phoneNumber.number
            ? 'A connector can be chosen once the number is provisioned.'
            : (connectors.unavailable ?? 'Bookings made on calls to this number go to this practice system.')}
        </p>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.number}>Phone Number</Label>
        <Input
          id={ids.number}
          readOnly
          value={phoneNumber.number ? formatNational(phoneNumber.number) : M.provisioning}
          aria-describedby={`${ids.number}-note`}
          className="bg-slate-50"
        />
        <p id={`${ids.number}-note`} className="text-xs text-slate-500">
          {M.readOnlyNumber}
        </p>
      </div>
      <FormDialogFooter onCancel={onDone} pending={saving} submitLabel="Save" />
    </form>
  );
}
