import { RowActions } from '../../../components/row-actions';
import { Mail, Plus } from 'lucide-react';
import { useState } from 'react';
import type { ManagedUser } from '#shared/schemas/users';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ListStates } from '../../../components/list-states';
import { toastError, toastSuccess } from '../../../components/mutation-toasts';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/get-users';
import { InviteUserDialog } from './invite-user-dialog';
import { UserFormDialog, type AssignmentOptions } from './user-form-dialog';
import { PageHeader } from '../../../components/page-header';
import { useFocusAfterRemoval } from '../../../lib/use-focus-after-removal';

type Editing = { open: false } | { open: true; user?: ManagedUser };

export function UserManagementScreen({ options, isAdmin }: { options: AssignmentOptions; isAdmin: boolean }) {
  const query = useUsers(isAdmin);
  const users = query.data?.users ?? [];
  const keepFocus = useFocusAfterRemoval<HTMLUListElement>(users.map((item) => item.id));
  const [editing, setEditing] = useState<Editing>({ open: false });
  const [deleting, setDeleting] = useState<ManagedUser>();
  const [inviting, setInviting] = useState(false);
  const remove = useDeleteUser();

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toastSuccess('User deleted successfully'),
      onError: (e) => toastError(e.message),
      onSettled: () => setDeleting(undefined),
    });
  }

  return (
    <div className="grid gap-6">
      <PageHeader
        title="User Management"
        description="Staff accounts, their permissions and what is assigned to them."
        action={
          <div className="flex flex-wrap gap-2">
            {isAdmin && (
              <Button variant="outline" onClick={() => setInviting(true)}>
                <Mail aria-hidden="true" />
                Invite User
              </Button>
            )}
            <Button onClick={() => setEditing({ open: true })}>
              <Plus aria-hidden="true" />
              Create User
            </Button>
          </div>
        }
      />

      <ListStates query={query} isEmpty={users.length === 0} empty="No users yet">
        {() => (
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Users" {...keepFocus}>
            {users.map((user) => (
              <li key={user.id} data-item-id={user.id}>
                <Card>
                  <CardHeader>
                    <div className="flex flex-wrap items-center gap-2">
                      <CardTitle>{user.name}</CardTitle>
                      <Badge variant={user.role === 'admin' ? 'default' : 'secondary'}>
                        {user.role === 'admin' ? 'Admin' : 'Sub User'}
                      </Badge>
                      {!user.isActive && <Badge variant="destructive">Inactive</Badge>}
                    </div>
                    <CardDescription>{user.email}</CardDescription>
                    <CardDescription>@{user.username}</CardDescription>
                  </CardHeader>
                  <CardContent className="flex items-center justify-between">
                    <span className="text-xs text-slate-600">
                      Created {new Date(user.createdAt).toLocaleDateString()}
                    </span>
                    <RowActions
                      name={user.name}
                      onEdit={() => setEditing({ open: true, user })}
                      onDelete={() => setDeleting(user)}
                      deleteDisabled={user.role === 'admin'}
                    />
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </ListStates>

      {isAdmin && <InviteUserDialog open={inviting} onOpenChange={setInviting} />}
      <UserFormDialog
        open={editing.open}
        user={editing.open ? editing.user : undefined}
        options={options}
        showLinkedAccounts={isAdmin}
        onOpenChange={(open) => !open && setEditing({ open: false })}
      />
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete User"
        message={`Are you sure you want to delete "${deleting?.name ?? ''}"?`}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onOpenChange={(open) => !open && setDeleting(undefined)}
      />
    </div>
  );
}
