import { INVITATION_MESSAGES } from '#shared/schemas/invitations';
import type { CreatePracticeInput, Invitation, Practice, PracticeStatus } from '#shared/schemas/practices';
import { AppError, asAppError, conflict, notFound } from '../../errors';
import type { PracticeContext } from '../../practice';
import type { RequestContext } from '../../session';
import type { PracticesRepo } from './practices.repo';

/** Who acts: the operator, as the invitation records it. */
export interface Actor {
  id: string;
  role: 'operator';
}

/** The invitations service's one call this module needs: invite a practice's first admin. */
export type InviteFirstAdmin = (
  practice: PracticeContext,
  invitee: { email: string; name: string; role: 'admin' },
  actor: Actor,
  context?: Partial<RequestContext>,
) => Promise<Invitation>;

export const PRACTICE_MESSAGES = {
  notFound: 'That practice does not exist.',
  demoRequestNotFound: 'That demo request does not exist.',
  demoRequestConverted: 'A practice has already been created from this demo request.',
  inviteSuspended: 'Reactivate the practice before inviting its admin.',
} as const;

/** The invited admin's name when no demo request names them; they can be renamed later. */
const DEFAULT_ADMIN_NAME = 'Practice Admin';

const contextOf = (practice: Practice): PracticeContext => ({
  id: practice.id,
  name: practice.name,
  timeZone: practice.timeZone,
  status: practice.status,
});

export function createPracticesService(
  repo: PracticesRepo,
  invite: InviteFirstAdmin,
  now: () => Date = () => new Date(),
) {
  return {
    list: () => repo.list(),

    /**
     * The practice, then its first admin's invitation. Per-practice settings need no rows: their readers
     * fall back to the defaults. An invitation that fails undoes the practice when it can, so a retry starts
     * clean; when it cannot (the failed mail is audited under it), the practice is answered with the failure
     * to tell (`notInvited`, code admin_not_invited).
     */
    async create(
      input: CreatePracticeInput,
      actor: Actor,
      context: Partial<RequestContext> = {},
    ): Promise<{ practice: Practice } & ({ invitation: Invitation } | { notInvited: AppError })> {
      if (await repo.emailTaken(input.adminEmail)) throw conflict(INVITATION_MESSAGES.emailTaken);
      const adminName =
        (input.demoRequestId && (await repo.demoRequestName(input.demoRequestId))) || DEFAULT_ADMIN_NAME;
      const result = await repo.insert(
        { name: input.name, practiceType: input.practiceType, timeZone: input.timeZone, createdAt: now() },
        input.demoRequestId,
      );
      if ('refused' in result) {
        throw result.refused === 'demo_request_converted'
          ? conflict(PRACTICE_MESSAGES.demoRequestConverted)
          : notFound(PRACTICE_MESSAGES.demoRequestNotFound);
      }
      try {
        const invitation = await invite(
          contextOf(result.practice),
          { email: input.adminEmail, name: adminName, role: 'admin' },
          actor,
          context,
        );
        return { practice: result.practice, invitation };
      } catch (error) {
        if (await repo.removeNew(result.practice.id)) throw error;
        // The failed mail is already audited under the practice, so it stays: say so, not just "try again".
        const failure = asAppError(error);
        const notInvited = new AppError(
          failure?.status ?? 502,
          'admin_not_invited',
          `${result.practice.name} was created, but its admin could not be invited: ${failure?.message ?? 'please try again later.'}`,
        );
        return { practice: result.practice, notInvited };
      }
    },

    /** Another admin invitation for a practice: the first one's link expired, or its mail was not sent. */
    async inviteAdmin(
      id: string,
      adminEmail: string,
      actor: Actor,
      context: Partial<RequestContext> = {},
    ): Promise<Invitation> {
      const practice = await repo.find(id);
      if (!practice) throw notFound(PRACTICE_MESSAGES.notFound);
      if (practice.status === 'suspended') throw conflict(PRACTICE_MESSAGES.inviteSuspended);
      if (await repo.emailTaken(adminEmail)) throw conflict(INVITATION_MESSAGES.emailTaken);
      const name = (await repo.convertedRequestName(id)) ?? DEFAULT_ADMIN_NAME;
      return invite(contextOf(practice), { email: adminEmail, name, role: 'admin' }, actor, context);
    },

    /** Suspending signs the practice's users out (their sessions are deleted); reactivating lets them sign in. */
    async setStatus(id: string, status: PracticeStatus): Promise<Practice> {
      const practice = await repo.setStatus(id, status);
      if (!practice) throw notFound(PRACTICE_MESSAGES.notFound);
      return practice;
    },
  };
}

export type PracticesService = ReturnType<typeof createPracticesService>;
