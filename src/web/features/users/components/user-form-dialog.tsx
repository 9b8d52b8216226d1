import { useState, type FormEvent } from 'react';
import type { Permissions, Role } from '#shared/permissions';
import {
  CreateUserInputSchema,
  UpdateUserInputSchema,
  type CreateUserInput,
  type ManagedUser,
} from '#shared/schemas/users';
import { CheckboxGroup, type Option } from '../../../components/checkbox-group';
import { FormField } from '../../../components/form-field';
import { Checkbox } from '../../../components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { ListError } from '../../../components/list-states';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { toastError, toastSuccess } from '../../../components/mutation-toasts';
import { validate, type FieldErrors } from '../../../lib/form';
import { useCreateUser } from '../api/create-user';
import { allFlags, PermissionsFieldset } from './permissions-fieldset';
import { useUserAssistants } from '../api/get-user-assistants';
import { useUserLinkedAccounts } from '../api/get-user-linked-accounts';
import { useUserPermissions } from '../api/get-user-permissions';
import { useUserPhoneNumbers } from '../api/get-user-phone-numbers';
import { useUpdateUser } from '../api/update-user';
import { messageOf } from '../../../lib/api-client';
import { FormDialogFooter } from '../../../components/form-dialog-footer';

export interface AssignmentOptions {
  phoneNumbers: Option[];
  assistants: Option[];
  connectors: Option[];
}

type FormValues = {
  user: { name: string; email: string; username: string; password: string; role: Role; isActive: boolean };
  permissions: Permissions;
  phoneNumberIds: string[];
  connectorIds: string[];
  assistantIds: string[];
};

const EMPTY: FormValues = {
  user: { name: '', email: '', username: '', password: '', role: 'sub', isActive: true },
  permissions: allFlags(false),
  phoneNumberIds: [],
  connectorIds: [],
  assistantIds: [],
};

export function UserFormDialog({
  open,
  user,
  options,
  showLinkedAccounts,
  onOpenChange,
}: {
  open: boolean;
  user?: ManagedUser;
  options: AssignmentOptions;
  showLinkedAccounts: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{user ? 'Edit User' : 'Create User'}</DialogTitle>
          <DialogDescription>
            {user
              ? 'Change details, permissions and assignments.'
              : 'Add a staff member and choose what they can use.'}
          </DialogDescription>
        </DialogHeader>
        {open &&
          (user ? (
            <EditUserForm
              key={user.id}
              user={user}
              options={options}
              showLinkedAccounts={showLinkedAccounts}
              onDone={() => onOpenChange(false)}
            />
          ) : (
            <UserForm
              initial={EMPTY}
              options={options}
              showLinkedAccounts={showLinkedAccounts}
              onDone={() => onOpenChange(false)}
            />
          ))}
      </DialogContent>
    </Dialog>
  );
}

/** Loads the four lists that fill the edit dialog, then shows the form with them. */
function EditUserForm({
  user,
  ...props
}: {
  user: ManagedUser;
  options: AssignmentOptions;
  showLinkedAccounts: boolean;
  onDone(): void;
}) {
  const permissions = useUserPermissions(user.id);
  const phoneNumbers = useUserPhoneNumbers(user.id);
  const linkedAccounts = useUserLinkedAccounts(user.id);
  const assistants = useUserAssistants(user.id);
  const failed = [permissions, phoneNumbers, linkedAccounts, assistants].find((query) => query.error);
  if (failed?.error)
    return (
      <ListError
        error={failed.error}
        prefix="Could not load this user's details: "
        onRetry={() =>
          Promise.all(
            [permissions, phoneNumbers, linkedAccounts, assistants].map((q) => q.error && q.refetch()),
          )
        }
      />
    );
  if (!permissions.data || !phoneNumbers.data || !linkedAccounts.data || !assistants.data)
    return <Spinner label="Loading this user's details" />;
  const initial: FormValues = {
    user: { ...user, password: '' },
    permissions: permissions.data.permissions,
    phoneNumberIds: phoneNumbers.data.phoneNumbers.map((n) => n.id),
    connectorIds: linkedAccounts.data.linkedAccounts.map((c) => c.id),
    assistantIds: assistants.data.assistants.map((a) => a.assistantId),
  };
  return <UserForm userId={user.id} initial={initial} {...props} />;
}

function UserForm({
  userId,
  initial,
  options,
  showLinkedAccounts,
  onDone,
}: {
  userId?: string;
  initial: FormValues;
  options: AssignmentOptions;
  showLinkedAccounts: boolean;
  onDone(): void;
}) {
  const editing = Boolean(userId);
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateUser();
  const update = useUpdateUser();

  const setUser = (patch: Partial<FormValues['user']>) =>
    setValues({ ...values, user: { ...values.user, ...patch } });
  const text = (name: 'name' | 'email' | 'username' | 'password') => ({
    value: values.user[name],
    error: errors[`user.${name}`],
    onChange: (event: { target: { value: string } }) => setUser({ [name]: event.target.value }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validate(editing ? UpdateUserInputSchema : CreateUserInputSchema, values);
    setErrors(result.errors ?? {});
    if (!result.data) return;
    // The outcome follows the promise, so it is told even if Cancel closed the dialog meanwhile.
    if (editing) {
      // The password goes only when one was entered.
      const { password, ...user } = result.data.user;
      update
        .mutateAsync({ id: userId, input: { ...result.data, user: password ? { ...user, password } : user } })
        .then(
          () => {
            toastSuccess('User updated successfully');
            onDone();
          },
          (error: unknown) => toastError(messageOf(error, 'Failed to update user')),
        );
    } else {
      create.mutateAsync(result.data as CreateUserInput).then(
        () => {
          toastSuccess('User created successfully');
          onDone();
        },
        (error: unknown) => toastError(messageOf(error, 'Failed to create user')),
      );
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Name" autoComplete="off" {...text('name')} />
        <FormField label="Email" type="email" autoComplete="off" {...text('email')} />
        <FormField label="Username" autoComplete="off" {...text('username')} />
        <FormField
          label="Password"
          type="password"
          autoComplete="new-password"
          placeholder={editing ? 'Leave blank to keep the current password' : undefined}
          {...text('password')}
        />
      </div>

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-900">Role</legend>
        <div className="flex gap-6">
          {(
            [
              ['admin', 'Admin'],
              ['sub', 'Sub User'],
            ] as const
          ).map(([role, label]) => (
            <div key={role} className="flex items-center gap-2">
              <Checkbox
                id={`role-${role}`}
                checked={values.user.role === role}
                onCheckedChange={(checked) => checked === true && setUser({ role })}
              />
              <Label htmlFor={`role-${role}`} className="font-normal">
                {label}
              </Label>
            </div>
          ))}
        </div>
      </fieldset>

      {editing && (
        <div className="flex items-center gap-3">
          <Switch
            id="user-active"
            checked={values.user.isActive}
            onCheckedChange={(isActive) => setUser({ isActive })}
          />
          <Label htmlFor="user-active">Active</Label>
        </div>
      )}

      <PermissionsFieldset
        value={values.permissions}
        onChange={(permissions) => setValues({ ...values, permissions })}
      />

      <CheckboxGroup
        legend="Phone Numbers"
        options={options.phoneNumbers}
        value={values.phoneNumberIds}
        onChange={(phoneNumberIds) => setValues({ ...values, phoneNumberIds })}
        emptyText="No phone numbers available"
      />
      <CheckboxGroup
        legend="Assistants"
        options={options.assistants}
        value={values.assistantIds}
        onChange={(assistantIds) => setValues({ ...values, assistantIds })}
        emptyText="No assistants available"
      />
      {showLinkedAccounts && (
        <CheckboxGroup
          legend="Linked Accounts"
          options={options.connectors}
          value={values.connectorIds}
          onChange={(connectorIds) => setValues({ ...values, connectorIds })}
          emptyText="No connectors configured"
        />
      )}

      <FormDialogFooter
        onCancel={onDone}
        pending={create.isPending || update.isPending}
        submitLabel={editing ? 'Update User' : 'Create User'}
      />
    </form>
  );
}
