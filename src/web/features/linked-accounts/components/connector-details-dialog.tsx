import type { Connector } from '#shared/schemas/connectors';
import { Badge } from '../../../components/ui/badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { useConnector } from '../api/get-connector';

/** The read-only view non-admins get. */
export function ConnectorDetailsDialog({
  connector,
  onOpenChange,
}: {
  connector: Connector | undefined;
  onOpenChange(open: boolean): void;
}) {
  const fresh = useConnector(connector?.id).data?.connector;
  const shown = fresh ?? connector;
  return (
    <Dialog open={Boolean(connector)} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Connector Details</DialogTitle>
          <DialogDescription>{shown?.name}</DialogDescription>
        </DialogHeader>
        {shown && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-medium text-slate-600">Name</dt>
            <dd>{shown.name}</dd>
            <dt className="font-medium text-slate-600">Consumer ID</dt>
            <dd>{shown.consumerId}</dd>
            <dt className="font-medium text-slate-600">Connector ID</dt>
            <dd>{shown.connectorId}</dd>
            <dt className="font-medium text-slate-600">Status</dt>
            <dd>
              <Badge variant={shown.isActive ? 'success' : 'secondary'}>
                {shown.isActive ? 'Active' : 'Inactive'}
              </Badge>
            </dd>
            <dt className="font-medium text-slate-600">Created</dt>
            <dd>{new Date(shown.createdAt).toLocaleDateString()}</dd>
          </dl>
        )}
      </DialogContent>
    </Dialog>
  );
}
