import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Permissions, Role } from '#shared/permissions';
import type { ManagedUser } from '#shared/schemas/users';
import type { Db } from '../../db/client';
import { readAll } from '../../db/read-all';
import { LOCKS, xactLock } from '../../db/locks';
import {
  assistants,
  connectors,
  phoneNumbers,
  userAssistants,
  userConnectors,
  userPermissions,
  userPhoneNumbers,
  users,
} from '../../db/schema/index';
import { isUuid } from '../../lib/uuid';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

export interface UserRecord {
  name: string;
  email: string;
  username: string;
  role: Role;
  isActive: boolean;
}

export interface Assignments {
  phoneNumberIds: string[];
  connectorIds: string[];
  assistantIds: string[];
}

const ASSIGNMENT_TABLES = {
  phoneNumberIds: { target: phoneNumbers, link: userPhoneNumbers, column: 'phoneNumberId' },
  connectorIds: { target: connectors, link: userConnectors, column: 'connectorId' },
  assistantIds: { target: assistants, link: userAssistants, column: 'assistantId' },
} as const;
export type AssignmentKind = keyof typeof ASSIGNMENT_TABLES;
export const ASSIGNMENT_KINDS = Object.keys(ASSIGNMENT_TABLES) as AssignmentKind[];

function toManagedUser(row: typeof users.$inferSelect): ManagedUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    username: row.username,
    role: row.role,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createUsersRepo(db: Db) {
  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) =>
      db.transaction(async (tx) => {
        // Admin-count guards read then write: one user change at a time keeps them true.
        await tx.execute(xactLock(LOCKS.lastAdmin));
        return work(tx);
      }),

    async list(practiceId: string): Promise<ManagedUser[]> {
      const rows = await db
        .select()
        .from(users)
        .where(eq(users.practiceId, practiceId))
        .orderBy(asc(users.createdAt), asc(users.username));
      return rows.map(toManagedUser);
    },

    async passwordHash(practiceId: string, id: string): Promise<string | undefined> {
      const [row] = await db
        .select({ hash: users.passwordHash })
        .from(users)
        .where(and(eq(users.practiceId, practiceId), eq(users.id, id)));
      return row?.hash;
    },

    async find(practiceId: string, id: string, executor: Executor = db): Promise<ManagedUser | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await executor
        .select()
        .from(users)
        .where(and(eq(users.practiceId, practiceId), eq(users.id, id)));
      return row && toManagedUser(row);
    },

    /** The practice's other active admins: every practice keeps at least one. */
    async countOtherActiveAdmins(practiceId: string, tx: Tx, exceptId: string): Promise<number> {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(users)
        .where(
          and(
            eq(users.practiceId, practiceId),
            eq(users.role, 'admin'),
            eq(users.isActive, true),
            ne(users.id, exceptId),
          ),
        );
      return row?.count ?? 0;
    },

    /** The ids of `ids` that name no row of the practice (also any that is not a uuid). */
    async unknownIds(practiceId: string, tx: Tx, kind: AssignmentKind, ids: string[]): Promise<string[]> {
      const candidates = [...new Set(ids)].filter((id) => isUuid(id));
      const { target } = ASSIGNMENT_TABLES[kind];
      const found = candidates.length
        ? await tx
            .select({ id: target.id })
            .from(target)
            .where(and(eq(target.practiceId, practiceId), inArray(target.id, candidates)))
        : [];
      const known = new Set(found.map((row) => row.id));
      return ids.filter((id) => !known.has(id));
    },

    async insertUser(
      practiceId: string,
      tx: Tx,
      record: UserRecord & { passwordHash: string },
    ): Promise<ManagedUser> {
      const [row] = await tx
        .insert(users)
        .values({ ...record, practiceId })
        .returning();
      return toManagedUser(row!);
    },

    async updateUser(
      practiceId: string,
      tx: Tx,
      id: string,
      record: UserRecord & { passwordHash?: string },
    ): Promise<ManagedUser> {
      const [row] = await tx
        .update(users)
        .set(record)
        .where(and(eq(users.practiceId, practiceId), eq(users.id, id)))
        .returning();
      return toManagedUser(row!);
    },

    async deleteUser(practiceId: string, tx: Tx, id: string): Promise<void> {
      await tx.delete(users).where(and(eq(users.practiceId, practiceId), eq(users.id, id)));
    },

    async permissions(practiceId: string, userId: string, executor: Executor = db): Promise<Permissions> {
      const [row] = await executor
        .select()
        .from(userPermissions)
        .where(and(eq(userPermissions.practiceId, practiceId), eq(userPermissions.userId, userId)));
      return {
        canCallLogs: row?.canCallLogs ?? false,
        canAssistants: row?.canAssistants ?? false,
        canWorkflows: row?.canWorkflows ?? false,
        canBookAppointment: row?.canBookAppointment ?? false,
        canAppointmentCalendar: row?.canAppointmentCalendar ?? false,
        canOutboundCalls: row?.canOutboundCalls ?? false,
        canMessages: row?.canMessages ?? false,
        canAnalytics: row?.canAnalytics ?? false,
      };
    },

    async savePermissions(
      practiceId: string,
      tx: Tx,
      userId: string,
      permissions: Permissions,
    ): Promise<void> {
      await tx
        .insert(userPermissions)
        .values({ practiceId, userId, ...permissions })
        .onConflictDoUpdate({ target: userPermissions.userId, set: permissions });
    },

    async assignments(practiceId: string, userId: string, executor: Executor = db): Promise<Assignments> {
      const [numbers, links, helpers] = await readAll(executor, [
        () =>
          executor
            .select()
            .from(userPhoneNumbers)
            .where(and(eq(userPhoneNumbers.practiceId, practiceId), eq(userPhoneNumbers.userId, userId))),
        () =>
          executor
            .select()
            .from(userConnectors)
            .where(and(eq(userConnectors.practiceId, practiceId), eq(userConnectors.userId, userId))),
        () =>
          executor
            .select()
            .from(userAssistants)
            .where(and(eq(userAssistants.practiceId, practiceId), eq(userAssistants.userId, userId))),
      ]);
      return {
        phoneNumberIds: numbers.map((row) => row.phoneNumberId),
        connectorIds: links.map((row) => row.connectorId),
        assistantIds: helpers.map((row) => row.assistantId),
      };
    },

    async replaceAssignments(
      practiceId: string,
      tx: Tx,
      userId: string,
      assignments: Assignments,
    ): Promise<void> {
      await tx
        .delete(userPhoneNumbers)
        .where(and(eq(userPhoneNumbers.practiceId, practiceId), eq(userPhoneNumbers.userId, userId)));
      await tx
        .delete(userConnectors)
        .where(and(eq(userConnectors.practiceId, practiceId), eq(userConnectors.userId, userId)));
      await tx
        .delete(userAssistants)
        .where(and(eq(userAssistants.practiceId, practiceId), eq(userAssistants.userId, userId)));
      const unique = (ids: string[]) => [...new Set(ids)];
      const numbers = unique(assignments.phoneNumberIds);
      const links = unique(assignments.connectorIds);
      const helpers = unique(assignments.assistantIds);
      if (numbers.length)
        await tx
          .insert(userPhoneNumbers)
          .values(numbers.map((phoneNumberId) => ({ practiceId, userId, phoneNumberId })));
      if (links.length)
        await tx
          .insert(userConnectors)
          .values(links.map((connectorId) => ({ practiceId, userId, connectorId })));
      if (helpers.length)
        await tx
          .insert(userAssistants)
          .values(helpers.map((assistantId) => ({ practiceId, userId, assistantId })));
    },

    async phoneNumbers(practiceId: string, userId: string) {
      return db
        .select({ id: phoneNumbers.id, phoneNumber: phoneNumbers.number, name: phoneNumbers.name })
        .from(userPhoneNumbers)
        .innerJoin(phoneNumbers, eq(phoneNumbers.id, userPhoneNumbers.phoneNumberId))
        .where(
          and(
            eq(userPhoneNumbers.practiceId, practiceId),
            eq(phoneNumbers.practiceId, practiceId),
            eq(userPhoneNumbers.userId, userId),
          ),
        )
        .orderBy(asc(phoneNumbers.createdAt));
    },

    async linkedAccounts(practiceId: string, userId: string) {
      return db
        .select({ id: connectors.id, connectorId: connectors.connectorId, name: connectors.name })
        .from(userConnectors)
        .innerJoin(connectors, eq(connectors.id, userConnectors.connectorId))
        .where(
          and(
            eq(userConnectors.practiceId, practiceId),
            eq(connectors.practiceId, practiceId),
            eq(userConnectors.userId, userId),
          ),
        )
        .orderBy(asc(connectors.createdAt));
    },

    async assistants(practiceId: string, userId: string) {
      return db
        .select({ assistantId: assistants.id, name: assistants.name })
        .from(userAssistants)
        .innerJoin(assistants, eq(assistants.id, userAssistants.assistantId))
        .where(
          and(
            eq(userAssistants.practiceId, practiceId),
            eq(assistants.practiceId, practiceId),
            eq(userAssistants.userId, userId),
          ),
        )
        .orderBy(asc(assistants.createdAt));
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
