import { and, eq, sql } from 'drizzle-orm';
import type { Permissions, Role } from '#shared/permissions';
import type { Db, Tx } from '../../db/client';
import { invitations, userPermissions, users } from '../../db/schema/index';

export type InvitationRow = typeof invitations.$inferSelect;
export type NewInvitation = Omit<typeof invitations.$inferInsert, 'id' | 'practiceId' | 'acceptedAt'>;

/** The user an accepted invitation becomes. */
export interface NewInvitedUser {
  name: string;
  email: string;
  role: Exclude<Role, 'operator'>;
  permissions: Permissions;
  passwordHash: string;
}

/** What accepting needs of the users' tables: whether an e-mail is taken, and the user written in `tx`. */
export interface InvitedUsers {
  emailInUse(email: string, executor?: Db | Tx): Promise<boolean>;
  insert(tx: Tx, practiceId: string, user: NewInvitedUser): Promise<{ id: string }>;
}

export function createInvitationsRepo(db: Db) {
  const invitedUsers: InvitedUsers = {
    async emailInUse(email, executor = db) {
      const [row] = await executor
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`)
        .limit(1);
      return Boolean(row);
    },
    async insert(tx, practiceId, user) {
      const [row] = await tx
        .insert(users)
        .values({
          practiceId,
          name: user.name,
          email: user.email,
          // Usernames are global like e-mails: the e-mail is one nobody else has.
          username: user.email.toLowerCase(),
          passwordHash: user.passwordHash,
          role: user.role,
        })
        .returning({ id: users.id });
      await tx.insert(userPermissions).values({ practiceId, userId: row!.id, ...user.permissions });
      return row!;
    },
  };

  return {
    users: invitedUsers,

    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    async insert(practiceId: string, invitation: NewInvitation): Promise<InvitationRow> {
      const [row] = await db
        .insert(invitations)
        .values({ ...invitation, practiceId })
        .returning();
      return row!;
    },

    /** Undoes an invitation whose mail could not be sent. */
    async remove(practiceId: string, id: string): Promise<void> {
      await db.delete(invitations).where(and(eq(invitations.practiceId, practiceId), eq(invitations.id, id)));
    },

    /** By the link's token (its hash): the practice is not known yet. `tx` locks the row until commit. */
    async findByTokenHash(tokenHash: string, tx?: Tx): Promise<InvitationRow | undefined> {
      if (!tx) {
        const [row] = await db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash));
        return row;
      }
      const [row] = await tx
        .select()
        .from(invitations)
        .where(eq(invitations.tokenHash, tokenHash))
        .for('update');
      return row;
    },

    async markAccepted(tx: Tx, practiceId: string, id: string, at: Date): Promise<void> {
      await tx
        .update(invitations)
        .set({ acceptedAt: at })
        .where(and(eq(invitations.practiceId, practiceId), eq(invitations.id, id)));
    },
  };
}

export type InvitationsRepo = ReturnType<typeof createInvitationsRepo>;
