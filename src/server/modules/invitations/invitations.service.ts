import { createHash, randomBytes } from 'node:crypto';
import { PERMISSION_FLAGS, type Permissions, type Role } from '#shared/permissions';
import { passwordMatchesAccount } from '#shared/password-policy';
import {
  CreateInvitationInputSchema,
  INVITATION_HOURS,
  INVITATION_MESSAGES,
  type CreateInvitationInput,
  type Invitation,
} from '#shared/schemas/invitations';
import { USER_MESSAGES } from '#shared/schemas/users';
import { AppError, badRequest, conflict } from '../../errors';
import { MailError, type MailPort } from '../../integrations/mail/port';
import { hashPassword } from '../../lib/passwords';
import type { AuditRecorder, RequestContext } from '../../session';
import type { InvitationRow, InvitationsRepo, InvitedUsers } from './invitations.repo';

const HOUR_MS = 60 * 60 * 1000;

export const INVITATION_MAIL_FAILED = 'The invitation e-mail could not be sent. Please try again later.';

/** The link's secret: only its sha-256 is stored, so a copy of the database opens no invitation. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const invalid = () => badRequest(INVITATION_MESSAGES.invalid);
const expired = () => new AppError(410, 'invitation_expired', INVITATION_MESSAGES.expired);
const used = () => conflict(INVITATION_MESSAGES.used);

export interface InvitationsDeps {
  repo: InvitationsRepo;
  mail: MailPort;
  /** Where the accepted user is written; the repo's own tables access when omitted. */
  users?: InvitedUsers;
  /** PUBLIC_BASE_URL: the link is `<publicBaseUrl>/invite/<token>`. */
  publicBaseUrl: string;
  now?: () => Date;
  audit: Pick<AuditRecorder, 'record'>;
}

/** The practice and actor an invitation is for; the operator invites a new practice's first admin. */
export interface InvitingPractice {
  id: string;
  name: string;
}
export type InvitingActor = { id: string; role: Role } | null;

function invitationMail(practiceName: string, link: string, expiresAt: Date) {
  return {
    subject: `You're invited to ${practiceName} on Servc`,
    text: [
      `You have been invited to join ${practiceName} on Servc.`,
      '',
      'Choose your password and sign in here:',
      link,
      '',
      `This link works once and expires on ${expiresAt.toUTCString()}.`,
      'If you did not expect this invitation, you can ignore this e-mail.',
    ].join('\n'),
  };
}

const toInvitation = (row: InvitationRow): Invitation => ({
  id: row.id,
  email: row.email,
  expiresAt: row.expiresAt.toISOString(),
});

export function createInvitationsService(deps: InvitationsDeps) {
  const { repo, mail, audit } = deps;
  const users = deps.users ?? repo.users;
  const now = deps.now ?? (() => new Date());
  const baseUrl = deps.publicBaseUrl.replace(/\/+$/, '');

  /** The invitation a token names, or the one error a link's visitor sees. */
  function usable(row: InvitationRow | undefined): InvitationRow {
    if (!row) throw invalid();
    if (row.acceptedAt) throw used();
    if (row.expiresAt.getTime() <= now().getTime()) throw expired();
    return row;
  }

  return {
    /**
     * Stores the invitation and mails its link; the invitee's earlier pending invitations in the practice
     * then stop working. A mail that cannot be sent undoes the invitation (502) and keeps the earlier ones.
     */
    async invite(
      practice: InvitingPractice,
      input: CreateInvitationInput,
      actor: InvitingActor,
      context: Partial<RequestContext> = {},
    ): Promise<Invitation> {
      const parsed = CreateInvitationInputSchema.parse(input);
      if (await users.emailInUse(parsed.email)) throw conflict(INVITATION_MESSAGES.emailTaken);
      const token = randomBytes(32).toString('base64url');
      const permissions = Object.fromEntries(
        PERMISSION_FLAGS.map((flag) => [flag, parsed.permissions?.[flag] ?? false]),
      ) as Permissions;
      const createdAt = now();
      const row = await repo.insert(practice.id, {
        email: parsed.email,
        name: parsed.name,
        role: parsed.role,
        permissions,
        tokenHash: hashToken(token),
        expiresAt: new Date(createdAt.getTime() + INVITATION_HOURS * HOUR_MS),
        createdBy: actor?.id ?? null,
        createdAt,
      });
      const entry = {
        ...context,
        actor,
        practiceId: practice.id,
        action: 'invitation.create',
        resourceType: 'invitation',
        resourceId: row.id,
      } as const;
      try {
        await mail.send({
          to: row.email,
          ...invitationMail(practice.name, `${baseUrl}/invite/${token}`, row.expiresAt),
        });
      } catch (error) {
        await repo.remove(practice.id, row.id);
        // A MailError's message is ours, built from codes (never the mail, the address or the server's text).
        const why = error instanceof MailError ? error.message : 'unexpected error';
        await audit.record({ ...entry, outcome: 'failed', detail: `mail not sent: ${why}` });
        throw new AppError(502, 'mail_failed', INVITATION_MAIL_FAILED);
      }
      // Only now that the new link is mailed do the earlier ones stop working (a failed mail keeps them).
      // The operator's admin invitation (Invite Admin, a new practice's first admin) also replaces the
      // practice's pending admin invitations to other addresses: a mistyped one is no live admin link.
      const { kept, replaced } = await repo.replaceOthers(practice.id, row, {
        admins: actor?.role === 'operator' && row.role === 'admin',
      });
      let replacing = replaced ? `, replaced ${replaced} pending` : '';
      if (!kept) replacing = ', replaced at once by another invitation';
      await audit.record({ ...entry, outcome: 'allowed', detail: `role ${row.role}${replacing}` });
      return toInvitation(row);
    },

    /**
     * The invited person becomes a user of the invitation's practice, once: the row is locked while the user
     * is written, so of two accepts at the same time one creates the user and the other is told it is used.
     */
    async accept(
      token: string,
      password: string,
      context: Partial<RequestContext> = {},
    ): Promise<{ email: string; userId: string }> {
      const tokenHash = hashToken(token);
      // Checked before the (slow) password hash, so a bad link costs little.
      const found = usable(await repo.findByTokenHash(tokenHash));
      // The user's username is the invitation's e-mail (invitations.repo), so the policy's check covers both.
      if (passwordMatchesAccount(password, { email: found.email }))
        throw badRequest(USER_MESSAGES.passwordSameAsAccount, {
          password: USER_MESSAGES.passwordSameAsAccount,
        });
      const passwordHash = await hashPassword(password);
      const result = await repo
        .transaction(async (tx) => {
          const invitation = usable(await repo.findByTokenHash(tokenHash, tx));
          if (await users.emailInUse(invitation.email, tx)) throw conflict(INVITATION_MESSAGES.emailTaken);
          const user = await users.insert(tx, invitation.practiceId, {
            name: invitation.name,
            email: invitation.email,
            role: invitation.role,
            permissions: invitation.permissions,
            passwordHash,
          });
          await repo.markAccepted(tx, invitation.practiceId, invitation.id, now());
          return { invitation, user };
        })
        .catch((error: unknown) => {
          // Someone took the e-mail between our check and the insert.
          if ((error as { cause?: { code?: string } }).cause?.code === '23505')
            throw conflict(INVITATION_MESSAGES.emailTaken);
          throw error;
        });
      await audit.record({
        ...context,
        actor: { id: result.user.id, role: result.invitation.role },
        practiceId: result.invitation.practiceId,
        action: 'invitation.accept',
        outcome: 'allowed',
        resourceType: 'invitation',
        resourceId: result.invitation.id,
        detail: `role ${result.invitation.role}`,
      });
      return { email: result.invitation.email, userId: result.user.id };
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
