import { PHONE_NUMBER_MESSAGES as M, type PhoneNumber } from '#shared/schemas/phone-numbers';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { formatMonthlyCost, formatNational, phoneNumberTitle } from '../lib/phone-number-display';

/** Read-only: everything the card summarises, in full. */
export function PhoneNumberDetailsDialog({
  phoneNumber,
  assistantName,
  connectorName,
  onOpenChange,
}: {
  phoneNumber: PhoneNumber | undefined;
  assistantName: string | undefined;
  connectorName: string | undefined;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={Boolean(phoneNumber)} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Phone Number Details</DialogTitle>
          <DialogDescription>{phoneNumber && phoneNumberTitle(phoneNumber)}</DialogDescription>
        </DialogHeader>
        {phoneNumber && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-medium text-slate-600">Name</dt>
            <dd>{phoneNumber.name ?? M.untitled}</dd>
            <dt className="font-medium text-slate-600">Number</dt>
            <dd>{phoneNumber.number ? formatNational(phoneNumber.number) : M.provisioning}</dd>
            <dt className="font-medium text-slate-600">Assistant</dt>
            <dd>{assistantName ?? 'No assistant'}</dd>
            <dt className="font-medium text-slate-600">Connector</dt>
            <dd>{connectorName ?? 'No connector'}</dd>
            <dt className="font-medium text-slate-600">Monthly cost</dt>
            <dd>{formatMonthlyCost(phoneNumber.cost)}</dd>
            <dt className="font-medium text-slate-600">Created</dt>
            <dd>{new Date(phoneNumber.createdAt).toLocaleDateString()}</dd>
            <dt className="font-medium text-slate-600">ID</dt>
            <dd className="break-all font-mono text-xs">{phoneNumber.id}</dd>
          </dl>
        )}
      </DialogContent>
    </Dialog>
  );
}
