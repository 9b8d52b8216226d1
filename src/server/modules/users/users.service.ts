import { PERMISSION_FLAGS, type Permissions } from '#shared/permissions';
import { USER_MESSAGES, type ManagedUser } from '#shared/schemas/users';
import type { z } from 'zod';
import type { CreateUserInputSchema, UpdateUserInputSchema } from '#shared/schemas/users';
import { badRequest, conflict, notFound } from '../../errors';
import type { AuthService } from '../auth/auth.service';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { PracticeContext } from '../../practice';
import { ASSIGNMENT_KINDS, type Assignments, type AssignmentKind, type UsersRepo } from './users.repo';

type SaveInput = z.output<typeof CreateUserInputSchema> | z.output<typeof UpdateUserInputSchema>;

const UNKNOWN_MESSAGE: Record<AssignmentKind, string> = {
  phoneNumberIds: USER_MESSAGES.unknownPhoneNumber,
  connectorIds: USER_MESSAGES.unknownConnector,
  assistantIds: USER_MESSAGES.unknownAssistant,
};

const CHANGE_LABEL: Record<AssignmentKind, string> = {
  phoneNumberIds: 'phone numbers',
  connectorIds: 'linked accounts',
  assistantIds: 'assistants',
};

const UNIQUE_MESSAGE: Record<string, string> = {
  users_email_lower_idx: USER_MESSAGES.emailInUse,
  users_username_unique: USER_MESSAGES.usernameInUse,
};

/** A unique-index violation as the message the form shows; drizzle wraps the driver error in `cause`. */
function uniqueViolation(error: unknown): string | undefined {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e;) {
    if (e.code === '23505' && e.constraint) return UNIQUE_MESSAGE[e.constraint];
    e = e.cause as typeof e;
  }
  return undefined;
}

const sameSet = (a: string[], b: string[]) =>
  new Set(a).size === new Set(b).size && a.every((id) => b.includes(id));

interface Snapshot {
  user: ManagedUser;
  permissions: Permissions;
  assignments: Assignments;
}

function describeChanges(before: Snapshot, after: Snapshot, passwordChanged: boolean): string[] {
  const changes: string[] = [];
  const profile = ['name', 'email', 'username'] as const;
  if (profile.some((field) => before.user[field] !== after.user[field])) changes.push('profile');
  if (passwordChanged) changes.push('password');
  if (before.user.role !== after.user.role) changes.push('role');
  if (before.user.isActive !== after.user.isActive)
    changes.push(after.user.isActive ? 'activated' : 'deactivated');
  if (PERMISSION_FLAGS.some((flag) => before.permissions[flag] !== after.permissions[flag]))
    changes.push('permissions');
  for (const kind of ASSIGNMENT_KINDS)
    if (!sameSet(before.assignments[kind], after.assignments[kind])) changes.push(CHANGE_LABEL[kind]);
  return changes;
}

/** Who is acting: the guards compare it with the user being changed. */
export interface Actor {
  id: string;
  /** The acting session: kept when the actor changes their own password. */
  sessionHash?: string;
}

export interface SaveResult {
  user: ManagedUser;
  /** What changed, in words for the audit log. */
  changes: string[];
}

/** The practice whose users are managed: every read and write is bounded by its id. */
type Practice = Pick<PracticeContext, 'id'>;

export function createUsersService(repo: UsersRepo, auth: Pick<AuthService, 'endUserSessions'>) {
  /** One transaction: the user, the six flags and the three lists are all written or none is. */
  async function save(
    practice: Practice,
    actor: Actor,
    id: string | null,
    input: SaveInput,
  ): Promise<SaveResult> {
    const practiceId = practice.id;
    const { password, ...record } = input.user;
    // The same password typed again is no change (and ends no session).
    const samePassword =
      id !== null && password
        ? await verifyPassword(await repo.passwordHash(practiceId, id), password)
        : false;
    const passwordHash = password && !samePassword ? await hashPassword(password) : undefined;
    const assignments: Assignments = {
      phoneNumberIds: input.phoneNumberIds,
      connectorIds: input.connectorIds,
      assistantIds: input.assistantIds,
    };
    const result = await repo
      .transaction(async (tx) => {
        const before = id ? await repo.find(practiceId, id, tx) : undefined;
        if (id && !before) throw notFound(USER_MESSAGES.notFound);
        if (before) {
          const demoted = before.role === 'admin' && record.role !== 'admin';
          const deactivated = before.isActive && !record.isActive;
          if (before.id === actor.id && deactivated) throw conflict(USER_MESSAGES.deactivateSelf);
          if (before.id === actor.id && demoted) throw conflict(USER_MESSAGES.demoteSelf);
          if (before.role === 'admin' && before.isActive && (demoted || deactivated)) {
            if ((await repo.countOtherActiveAdmins(practiceId, tx, before.id)) === 0)
              throw conflict(USER_MESSAGES.lastAdmin);
          }
        }
        for (const kind of ASSIGNMENT_KINDS) {
          const unknown = await repo.unknownIds(practiceId, tx, kind, assignments[kind]);
          if (unknown.length)
            throw badRequest(`${UNKNOWN_MESSAGE[kind]}: ${unknown[0]}`, { [kind]: UNKNOWN_MESSAGE[kind] });
        }
        const old = before && {
          user: before,
          permissions: await repo.permissions(practiceId, before.id, tx),
          assignments: await repo.assignments(practiceId, before.id, tx),
        };
        const user = before
          ? await repo.updateUser(practiceId, tx, before.id, {
              ...record,
              ...(passwordHash && { passwordHash }),
            })
          : await repo.insertUser(practiceId, tx, { ...record, passwordHash: passwordHash! });
        await repo.savePermissions(practiceId, tx, user.id, input.permissions);
        await repo.replaceAssignments(practiceId, tx, user.id, assignments);
        const changes = old
          ? describeChanges(old, { user, permissions: input.permissions, assignments }, Boolean(passwordHash))
          : [];
        return { user, changes };
      })
      .catch((error: unknown) => {
        const message = uniqueViolation(error);
        throw message ? conflict(message) : error;
      });

    // Access just changed: the user signs in again under the new rules. (Flags do not apply to admins.)
    const changed = (what: string) => result.changes.includes(what);
    const accessChanged =
      changed('role') || changed('deactivated') || (changed('permissions') && result.user.role === 'sub');
    if (accessChanged) {
      await auth.endUserSessions(result.user.id);
      result.changes.push('sessions ended');
    } else if (changed('password')) {
      // A new password ends the sessions the old one opened; the person changing their own keeps this one.
      const keep = actor.id === result.user.id ? actor.sessionHash : undefined;
      await auth.endUserSessions(result.user.id, keep);
      result.changes.push(keep ? 'other sessions ended' : 'sessions ended');
    }
    return result;
  }

  /** Another practice's user is simply not found. */
  async function existing<T>(
    practice: Practice,
    id: string,
    read: (practiceId: string, userId: string) => Promise<T>,
  ): Promise<T> {
    if (!(await repo.find(practice.id, id))) throw notFound(USER_MESSAGES.notFound);
    return read(practice.id, id);
  }

  return {
    list: (practice: Practice) => repo.list(practice.id),
    create: (practice: Practice, actor: Actor, input: SaveInput) => save(practice, actor, null, input),
    update: (practice: Practice, actor: Actor, id: string, input: SaveInput) =>
      save(practice, actor, id, input),

    async remove(practice: Practice, actor: Actor, id: string): Promise<void> {
      await repo.transaction(async (tx) => {
        const user = await repo.find(practice.id, id, tx);
        if (!user) throw notFound(USER_MESSAGES.notFound);
        if (user.id === actor.id) throw conflict(USER_MESSAGES.deleteSelf);
        if (
          user.role === 'admin' &&
          user.isActive &&
          (await repo.countOtherActiveAdmins(practice.id, tx, user.id)) === 0
        )
          throw conflict(USER_MESSAGES.lastAdmin);
        await repo.deleteUser(practice.id, tx, id);
      });
    },

    permissions: (practice: Practice, id: string) =>
      existing(practice, id, (practiceId, userId) => repo.permissions(practiceId, userId)),
    phoneNumbers: (practice: Practice, id: string) => existing(practice, id, repo.phoneNumbers),
    linkedAccounts: (practice: Practice, id: string) => existing(practice, id, repo.linkedAccounts),
    assistants: (practice: Practice, id: string) => existing(practice, id, repo.assistants),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
