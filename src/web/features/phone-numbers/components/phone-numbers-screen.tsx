import { Eye } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Assistant } from '#shared/schemas/assistants';
import type { Connector } from '#shared/schemas/connectors';
import { PHONE_NUMBER_MESSAGES as M, type PhoneNumberListItem } from '#shared/schemas/phone-numbers';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { RowActions } from '../../../components/row-actions';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ListError, ListEmpty } from '../../../components/list-states';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { deleteToasts } from '../../../components/mutation-toasts';
import { useDeletePhoneNumber } from '../api/delete-phone-number';
import { usePhoneMappings } from '../api/get-phone-mappings';
import { usePhoneNumbers } from '../api/get-phone-numbers';
import { formatMonthlyCost, formatNational, phoneNumberTitle } from '../lib/phone-number-display';
import { PhoneNumberDetailsDialog } from './phone-number-details-dialog';
import { PhoneNumberFormDialog, type Choices } from './phone-number-form-dialog';
import { useFocusAfterRemoval } from '../../../lib/use-focus-after-removal';

export interface PhoneNumbersScreenProps {
  isAdmin: boolean;
  /** Admins only (ADR 042); a sub user edits their numbers but cannot release one. */
  canDelete: boolean;
  /** The assistants the person may pick (the route loads them from the assistants feature). */
  assistants: Choices<Assistant>;
  /** The connectors the person may pick (the route loads them from the linked-accounts feature). */
  connectors: Choices<Connector>;
  /** An action at the foot of each card (the route passes "Simulate a call" to admins in sandbox mode). */
  cardAction?: (phoneNumber: PhoneNumberListItem) => ReactNode;
}

export function PhoneNumbersScreen({
  isAdmin,
  canDelete,
  assistants,
  connectors,
  cardAction,
}: PhoneNumbersScreenProps) {
  const numbers = usePhoneNumbers();
  const mappings = usePhoneMappings();
  const [editing, setEditing] = useState<PhoneNumberListItem>();
  const [viewing, setViewing] = useState<PhoneNumberListItem>();
  const [deleting, setDeleting] = useState<PhoneNumberListItem>();
  const remove = useDeletePhoneNumber();

  const phoneNumbers = numbers.data?.phoneNumbers ?? [];
  const keepFocus = useFocusAfterRemoval<HTMLUListElement>(phoneNumbers.map((item) => item.id));
  const mappingOf = (phoneNumber: PhoneNumberListItem | undefined) =>
    phoneNumber?.number
      ? mappings.data?.mappings.find((m) => m.phoneNumber === phoneNumber.number)
      : undefined;
  // The assistants list has the freshest name (an assistant's edits refresh it); the numbers list names the
  // assistant for a person who may not list it.
  const assistantName = (phoneNumber: PhoneNumberListItem | undefined) =>
    phoneNumber?.assistantId
      ? (assistants.items.find((a) => a.id === phoneNumber.assistantId)?.name ??
        phoneNumber.assistantName ??
        undefined)
      : undefined;
  const connectorName = (phoneNumber: PhoneNumberListItem | undefined) => {
    const mapping = mappingOf(phoneNumber);
    if (!mapping) return undefined;
    return connectors.items.find((c) => c.connectorId === mapping.connectorId)?.name ?? mapping.connectorId;
  };

  // A number without a mapping books into the first active linked account, the practice's default (the
  // server's `activeFor`). Only an admin's list is the practice's whole list, in that order.
  const defaultConnector = isAdmin ? connectors.items.find((c) => c.isActive)?.name : undefined;

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(
      deleting.id,
      deleteToasts(M, () => setDeleting(undefined)),
    );
  }

  const error = numbers.error ?? mappings.error;

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Phone Numbers"
        description="The practice's numbers: the assistant that answers each and where its bookings go."
      />

      {numbers.isLoading || mappings.isLoading ? (
        <Spinner label="Loading phone numbers" />
      ) : error ? (
        <ListError
          error={error}
          prefix="Could not load phone numbers: "
          onRetry={() => {
            if (numbers.error) void numbers.refetch();
            if (mappings.error) void mappings.refetch();
          }}
        />
      ) : phoneNumbers.length === 0 ? (
        <ListEmpty>
          <p className="font-medium text-slate-900">{isAdmin ? 'No phone numbers yet' : M.emptyTitle}</p>
          <p className="text-sm text-slate-600">
            {isAdmin ? 'Numbers appear here once the voice platform provisions them.' : M.emptyDetail}
          </p>
        </ListEmpty>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Phone numbers" {...keepFocus}>
          {phoneNumbers.map((phoneNumber) => {
            const title = phoneNumberTitle(phoneNumber);
            const assistant = assistantName(phoneNumber);
            const connector = connectorName(phoneNumber);
            const bookingInto = connector ?? (defaultConnector && `${defaultConnector} (default)`);
            return (
              <li key={phoneNumber.id} data-item-id={phoneNumber.id}>
                <Card className="flex h-full flex-col">
                  <CardHeader>
                    <div className="flex items-start justify-between gap-2">
                      <CardTitle className="break-words">{title}</CardTitle>
                      <RowActions
                        name={title}
                        onEdit={() => setEditing(phoneNumber)}
                        onDelete={() => setDeleting(phoneNumber)}
                        deleteDisabled={!canDelete}
                      />
                    </div>
                    <CardDescription>
                      {phoneNumber.number
                        ? phoneNumber.name && formatNational(phoneNumber.number)
                        : M.provisioning}
                    </CardDescription>
                  </CardHeader>
                  <CardContent className="grid flex-1 content-start gap-3">
                    <div className="flex flex-wrap gap-1.5">
                      <Badge variant={assistant ? 'default' : 'secondary'}>
                        {assistant ?? 'No assistant'}
                      </Badge>
                      <Badge variant={connector ? 'success' : 'secondary'}>
                        {connector ??
                          (defaultConnector ? `Books into ${defaultConnector} (default)` : 'No connector')}
                      </Badge>
                      <Badge variant="outline">{formatMonthlyCost(phoneNumber.cost)}</Badge>
                    </div>
                    <p className="text-sm text-slate-700">
                      Routes to: {assistant ?? 'no assistant'}
                      {bookingInto ? `, booking into ${bookingInto}` : ''}
                    </p>
                    <p className="text-xs text-slate-500">
                      Created {new Date(phoneNumber.createdAt).toLocaleDateString()}
                    </p>
                    <div className="flex flex-wrap items-center gap-2">
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`View Details of ${title}`}
                        onClick={() => setViewing(phoneNumber)}
                      >
                        <Eye aria-hidden="true" />
                        View Details
                      </Button>
                      {cardAction?.(phoneNumber)}
                    </div>
                  </CardContent>
                </Card>
              </li>
            );
          })}
        </ul>
      )}

      <PhoneNumberFormDialog
        phoneNumber={editing}
        mapping={mappingOf(editing)}
        assistants={assistants}
        connectors={connectors}
        isAdmin={isAdmin}
        onOpenChange={(open) => !open && setEditing(undefined)}
      />
      <PhoneNumberDetailsDialog
        phoneNumber={viewing}
        assistantName={assistantName(viewing)}
        connectorName={connectorName(viewing)}
        onOpenChange={(open) => !open && setViewing(undefined)}
      />
      {canDelete && (
        <ConfirmDialog
          open={Boolean(deleting)}
          title="Delete Phone Number"
          message={`Are you sure you want to delete "${deleting ? phoneNumberTitle(deleting) : ''}"? Calls to it will no longer be answered.`}
          pending={remove.isPending}
          onConfirm={confirmDelete}
          onOpenChange={(open) => !open && setDeleting(undefined)}
        />
      )}
    </div>
  );
}
