import { RowActions } from '../../../components/row-actions';
import { Eye, Plus } from 'lucide-react';
import { useState } from 'react';
import type { Connector } from '#shared/schemas/connectors';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch';
import { ListStates } from '../../../components/list-states';
import { toastError, toastSuccess } from '../../../components/mutation-toasts';
import { useDeleteConnector } from '../api/delete-connector';
import { useConnectors } from '../api/get-connectors';
import { useToggleConnector } from '../api/toggle-connector';
import { ConnectorDetailsDialog } from './connector-details-dialog';
import { ConnectorFormDialog } from './connector-form-dialog';
import { PageHeader } from '../../../components/page-header';
import { messageOf } from '../../../lib/api-client';
import { useFocusAfterRemoval } from '../../../lib/use-focus-after-removal';

type Editing = { open: false } | { open: true; connector?: Connector };

export function LinkedAccountsScreen({
  isAdmin,
  onScheduleSourceChanged,
}: {
  isAdmin: boolean;
  /** Refreshes the schedule data of other screens after the active connector changes. */
  onScheduleSourceChanged: () => Promise<unknown>;
}) {
  const query = useConnectors();
  const [editing, setEditing] = useState<Editing>({ open: false });
  const [viewing, setViewing] = useState<Connector>();
  const [deleting, setDeleting] = useState<Connector>();
  const remove = useDeleteConnector();
  const toggle = useToggleConnector(onScheduleSourceChanged);

  const connectors = [...(query.data?.connectors ?? [])].sort((a, b) =>
    a.createdAt.localeCompare(b.createdAt),
  );
  const keepFocus = useFocusAfterRemoval<HTMLUListElement>(connectors.map((item) => item.id));

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toastSuccess('Connector deleted successfully'),
      onError: (e) => toastError(`Failed to delete connector: ${messageOf(e, 'please try again.')}`),
      onSettled: () => setDeleting(undefined),
    });
  }

  function setActive(connector: Connector, isActive: boolean) {
    toggle.mutate(
      { id: connector.id, isActive },
      {
        onSuccess: () => toastSuccess('Connector status updated successfully'),
        onError: (e) => toastError(`Failed to update connector status: ${messageOf(e, 'please try again.')}`),
      },
    );
  }

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Linked Accounts"
        description="Practice management systems the receptionist books into."
        action={
          isAdmin && (
            <Button onClick={() => setEditing({ open: true })}>
              <Plus aria-hidden="true" />
              Add Connector
            </Button>
          )
        }
      />

      <ListStates
        query={query}
        isEmpty={connectors.length === 0}
        empty={isAdmin ? 'No connectors configured' : 'No assigned connectors'}
      >
        {() => (
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Connectors" {...keepFocus}>
            {connectors.map((connector) => (
              <li key={connector.id} data-item-id={connector.id}>
                <Card>
                  <CardHeader>
                    <div className="flex items-start justify-between gap-2">
                      <CardTitle>{connector.name}</CardTitle>
                      <Badge variant={connector.isActive ? 'success' : 'secondary'}>
                        {connector.isActive ? 'Active' : 'Inactive'}
                      </Badge>
                    </div>
                    <CardDescription>Connector ID: {connector.connectorId}</CardDescription>
                    <CardDescription>Consumer ID: {connector.consumerId}</CardDescription>
                  </CardHeader>
                  <CardContent className="flex items-center justify-between gap-2">
                    {isAdmin ? (
                      <>
                        <label className="flex items-center gap-2 text-sm text-slate-700">
                          <Switch
                            checked={connector.isActive}
                            pending={toggle.isPending}
                            onCheckedChange={(checked) => setActive(connector, checked)}
                            aria-label={`Active: ${connector.name}`}
                          />
                          Active
                        </label>
                        <RowActions
                          name={connector.name}
                          onEdit={() => setEditing({ open: true, connector })}
                          onDelete={() => setDeleting(connector)}
                        />
                      </>
                    ) : (
                      <Button variant="outline" size="sm" onClick={() => setViewing(connector)}>
                        <Eye aria-hidden="true" />
                        View Details
                      </Button>
                    )}
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </ListStates>

      {isAdmin && (
        <>
          <ConnectorFormDialog
            open={editing.open}
            connector={editing.open ? editing.connector : undefined}
            onOpenChange={(open) => !open && setEditing({ open: false })}
          />
          <ConfirmDialog
            open={Boolean(deleting)}
            title="Delete Connector"
            message={`Are you sure you want to delete "${deleting?.name ?? ''}"?`}
            pending={remove.isPending}
            onConfirm={confirmDelete}
            onOpenChange={(open) => !open && setDeleting(undefined)}
          />
        </>
      )}
      <ConnectorDetailsDialog connector={viewing} onOpenChange={(open) => !open && setViewing(undefined)} />
    </div>
  );
}
