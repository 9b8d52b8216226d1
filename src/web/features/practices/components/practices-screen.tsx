import { format } from 'date-fns';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { getSolutionLabel } from '#shared/marketing';
import type { Practice } from '#shared/schemas/practices';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListStates } from '../../../components/list-states';
import { toastError, toastSuccess } from '../../../components/mutation-toasts';
import { PageHeader } from '../../../components/page-header';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { messageOf } from '../../../lib/api-client';
import { usePractices } from '../api/get-practices';
import { useUpdatePracticeStatus } from '../api/update-practice-status';
import { CreatePracticeDialog } from './create-practice-dialog';
import { InviteAdminDialog } from './invite-admin-dialog';
import { useFocusAfterRemoval } from '../../../lib/use-focus-after-removal';

const COLUMNS = ['Name', 'Type', 'Time zone', 'Status', 'Created', 'Actions'] as const;

/** Below md each row is a card: a label before each value instead of the header row. */
const cell = 'block px-4 py-1 md:table-cell md:py-3';
const MobileLabel = ({ children }: { children: string }) => (
  <span className="font-medium text-slate-500 md:hidden">{children}: </span>
);

/** The operator's screen: every practice, creating one with its first admin, suspending and reactivating. */
export function PracticesScreen() {
  const query = usePractices();
  const practices = query.data?.practices ?? [];
  const keepFocus = useFocusAfterRemoval<HTMLTableSectionElement>(practices.map((item) => item.id));
  const [creating, setCreating] = useState(false);
  const [changing, setChanging] = useState<Practice>();
  const [inviting, setInviting] = useState<Practice>();
  const update = useUpdatePracticeStatus();
  const suspending = changing?.status === 'active';

  function confirmChange() {
    if (!changing) return;
    const status = suspending ? 'suspended' : 'active';
    const sent = changing;
    // The outcome follows the promise, so it is told even if the dialog was closed meanwhile; it closes the
    // dialog only if that is still the one for this practice.
    update
      .mutateAsync({ id: sent.id, status })
      .then(
        ({ practice }) =>
          toastSuccess(
            status === 'suspended' ? `${practice.name} suspended` : `${practice.name} reactivated`,
          ),
        (error: unknown) =>
          toastError(
            `Failed to ${status === 'suspended' ? 'suspend' : 'reactivate'} practice: ${messageOf(error, 'please try again.')}`,
          ),
      )
      .finally(() => setChanging((current) => (current === sent ? undefined : current)));
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="Practices"
        description="Every practice on this deployment: create one and invite its first admin (again, when a link expired), suspend or reactivate it."
        action={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            Create Practice
          </Button>
        }
      />
      <ListStates
        query={query}
        isEmpty={practices.length === 0}
        empty="No practices yet."
        loadingLabel="Loading practices"
        errorPrefix="Could not load practices. "
      >
        {() => (
          <Card>
            <table className="w-full text-left text-sm">
              <thead className="hidden border-b border-slate-200 bg-slate-50 text-slate-700 md:table-header-group">
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className="px-4 py-3 font-semibold">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100" {...keepFocus}>
                {practices.map((practice) => (
                  <tr
                    key={practice.id}
                    data-item-id={practice.id}
                    data-testid="practice-row"
                    className="block py-2 md:table-row md:py-0"
                  >
                    <td className={`${cell} font-medium text-slate-900`}>{practice.name}</td>
                    <td className={`${cell} text-slate-700`}>
                      <MobileLabel>Type</MobileLabel>
                      {getSolutionLabel(practice.practiceType)}
                    </td>
                    <td className={`${cell} text-slate-700`}>
                      <MobileLabel>Time zone</MobileLabel>
                      {practice.timeZone.replace(/_/g, ' ')}
                    </td>
                    <td className={cell}>
                      {practice.status === 'active' ? (
                        <Badge variant="success">Active</Badge>
                      ) : (
                        <Badge variant="destructive">Suspended</Badge>
                      )}
                    </td>
                    <td className={`${cell} whitespace-nowrap text-slate-700`}>
                      <MobileLabel>Created</MobileLabel>
                      {format(new Date(practice.createdAt), 'MMM d, yyyy')}
                    </td>
                    <td className={`${cell} space-x-2 whitespace-nowrap`}>
                      {practice.status === 'active' && (
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`Invite an admin to ${practice.name}`}
                          onClick={() => setInviting(practice)}
                        >
                          Invite Admin
                        </Button>
                      )}
                      <Button
                        variant={practice.status === 'active' ? 'outline' : 'default'}
                        size="sm"
                        aria-label={`${practice.status === 'active' ? 'Suspend' : 'Reactivate'} ${practice.name}`}
                        onClick={() => setChanging(practice)}
                      >
                        {practice.status === 'active' ? 'Suspend' : 'Reactivate'}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
        )}
      </ListStates>

      <CreatePracticeDialog open={creating} onOpenChange={setCreating} />
      <InviteAdminDialog practice={inviting} onOpenChange={(open) => !open && setInviting(undefined)} />
      <ConfirmDialog
        open={Boolean(changing)}
        title={suspending ? 'Suspend Practice' : 'Reactivate Practice'}
        message={
          suspending
            ? `Suspend "${changing?.name ?? ''}"? Its users are signed out and cannot sign in until it is reactivated.`
            : `Reactivate "${changing?.name ?? ''}"? Its users can sign in again.`
        }
        confirmLabel={suspending ? 'Suspend' : 'Reactivate'}
        pending={update.isPending}
        onConfirm={confirmChange}
        onOpenChange={(open) => !open && setChanging(undefined)}
      />
    </div>
  );
}
