import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Permissions, Role } from '#shared/permissions';
import type { Db, Tx } from '../../db/client';
import { adminInvitationsLock, inviteeLock } from '../../db/locks';
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

    /**
     * Makes `invitation` the one pending invitation of its e-mail (any case) in its practice, and with
     * `admins` the practice's one pending admin invitation too: deletes the others not accepted yet. Under
     * transaction locks (the practice's admins first, then the invitee), so of two invitations replaced at
     * once one stays: the second finds itself deleted by the first, and replaces nothing (`kept: false`).
     */
    async replaceOthers(
      practiceId: string,
      invitation: { id: string; email: string },
      options: { admins: boolean },
    ): Promise<{ kept: boolean; replaced: number }> {
      return db.transaction(async (tx) => {
        if (options.admins) await tx.execute(adminInvitationsLock(practiceId));
        await tx.execute(inviteeLock(practiceId, invitation.email));
        const [own] = await tx
          .select({ id: invitations.id })
          .from(invitations)
          .where(and(eq(invitations.practiceId, practiceId), eq(invitations.id, invitation.id)));
        if (!own) return { kept: false, replaced: 0 };
        const sameInvitee = sql`lower(${invitations.email}) = lower(${invitation.email})`;
        const replaced = await tx
          .delete(invitations)
          .where(
            and(
              eq(invitations.practiceId, practiceId),
              ne(invitations.id, invitation.id),
              // An accept holding the row (FOR UPDATE) finishes first; a link it used is not deleted.
              isNull(invitations.acceptedAt),
              options.admins ? or(sameInvitee, eq(invitations.role, 'admin')) : sameInvitee,
            ),
          )
          .returning({ id: invitations.id });
        return { kept: true, replaced: replaced.length };
      });
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
