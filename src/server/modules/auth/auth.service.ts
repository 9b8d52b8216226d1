import { INVALID_CREDENTIALS_MESSAGE, type LoginInput } from '#shared/schemas/auth';
import { AppError, tooManyRequests, unauthorized } from '../../errors';
import type { AuditService, RequestContext } from '../audit/audit.service';
import type { AuthRepo, AuthUser, FailureCount, SessionRecord, SignInFacts, SignInHold } from './auth.repo';
import { hashSessionId, newSessionId } from './auth.repo';
import { verifyPassword } from '../../lib/passwords';

export interface SessionPolicy {
  idleMinutes: number;
  maxHours: number;
}

/**
 * Sign-in limits (ADR 047): failures are slowed down, never locked out for long. After the free failures of a
 * kind, each further attempt waits a delay after the latest failure that doubles with every failure, up to 15
 * minutes. A correct password from an address this account signed in from before passes the per-account
 * delay, and from an address anyone signed in from before the per-address one. The delay for this account from
 * this very address (someone guessing from there) holds wrong passwords back, but when the account knows the
 * address, a correct password still signs in (issue 21: never refuse a correct password from a known address).
 */
export const SIGN_IN_LIMITS = {
  failureWindowMs: 24 * 3_600_000,
  knownAddressMs: 90 * 24 * 3_600_000,
  freeFailures: { account: 5, address: 20, pair: 20 },
  firstDelayMs: 5_000,
  maxDelayMs: 15 * 60_000,
} as const;

/** How long to wait after the latest failure once `failures` have been made, `free` of them without wait. */
export function delayAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(SIGN_IN_LIMITS.maxDelayMs, SIGN_IN_LIMITS.firstDelayMs * 2 ** (failures - free));
}

/**
 * The time before which this attempt is refused, or null when it may try its password now. `unlessCorrect`:
 * the password is checked all the same and only a wrong one is refused.
 */
export function retryAt(facts: SignInFacts, at: Date): SignInHold | null {
  const free = SIGN_IN_LIMITS.freeFailures;
  const until = (failures: FailureCount, freeCount: number) =>
    failures.latest ? failures.latest.getTime() + delayAfter(failures.count, freeCount) : 0;
  const hard = Math.max(
    facts.knownPair ? 0 : until(facts.account, free.account),
    facts.knownAddress ? 0 : until(facts.address, free.address),
    facts.knownPair ? 0 : until(facts.pair, free.pair),
  );
  if (hard > at.getTime()) return { until: new Date(hard), unlessCorrect: false };
  const soft = facts.knownPair ? until(facts.pair, free.pair) : 0;
  return soft > at.getTime() ? { until: new Date(soft), unlessCorrect: true } : null;
}

/**
 * last_used_at is written at most this often, so reads stay reads; at most 1/60 of the idle window, so a
 * session never ends more than that before its idle limit (a minute's window is checked to the second).
 */
const MAX_TOUCH_INTERVAL_MS = 60_000;

import { PRACTICE_SUSPENDED_MESSAGE } from '../../practice';
import type { SessionEndReason } from '../../session';

export type { SessionEndReason };

/** Sign-in, logout and session expiry are recorded here; the e-mail typed and the session id never are. */
export function createAuthService(
  repo: AuthRepo,
  policy: SessionPolicy,
  audit: Pick<AuditService, 'record'>,
  now: () => Date = () => new Date(),
) {
  function limitedError(until: Date) {
    const seconds = Math.max(1, Math.ceil((until.getTime() - now().getTime()) / 1000));
    const minutes = Math.ceil(seconds / 60);
    const wait =
      seconds < 60
        ? `${seconds} second${seconds === 1 ? '' : 's'}`
        : `${minutes} minute${minutes === 1 ? '' : 's'}`;
    return tooManyRequests(`Too many failed sign-in attempts. Please try again in ${wait}.`, seconds);
  }

  return {
    async login(input: LoginInput, context: RequestContext): Promise<{ user: AuthUser; sessionId: string }> {
      const clientAddress = context.clientAddress ?? 'unknown';
      const found = await repo.findUserByEmail(input.email);
      const actor = found ? { id: found.id, role: found.role } : null;
      const failed = (detail: string) =>
        audit.record({ ...context, actor, action: 'auth.login_failed', outcome: 'failed', detail });
      // The attempt is counted before the password is checked (ADR 025).
      const at = now();
      const claim = await repo.claimLoginAttempt(
        input.email,
        clientAddress,
        at,
        {
          failuresSince: new Date(at.getTime() - SIGN_IN_LIMITS.failureWindowMs),
          knownSince: new Date(at.getTime() - SIGN_IN_LIMITS.knownAddressMs),
        },
        (facts) => retryAt(facts, at),
      );
      if ('limited' in claim) {
        await failed('rate limited');
        throw limitedError(claim.limited.retryAt);
      }
      const passwordOk = await verifyPassword(found?.passwordHash, input.password);
      if (!found || !passwordOk || !found.isActive) {
        await failed(!found ? 'unknown account' : !passwordOk ? 'wrong password' : 'inactive account');
        if (claim.heldUntil) throw limitedError(claim.heldUntil);
        throw new AppError(401, 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE);
      }
      await repo.markAttemptSucceeded(claim.attemptId);
      if (found.practiceId && (await repo.practiceStatus(found.practiceId)) === 'suspended') {
        await failed('practice suspended');
        throw unauthorized(PRACTICE_SUSPENDED_MESSAGE, 'practice_suspended');
      }
      await audit.record({
        ...context,
        actor,
        action: 'auth.login',
        outcome: 'allowed',
        resourceType: 'session',
      });
      const sessionId = newSessionId();
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + policy.maxHours * 3_600_000);
      await repo.insertSession(hashSessionId(sessionId), found.id, createdAt, expiresAt);
      const { id, email, username, name, role } = found;
      return { user: { id, email, username, name, role }, sessionId };
    },

    /** The live session behind a bearer id, or why it is not live (ended sessions are deleted). */
    /**
     * `background`: a refresh the browser made on its own (polling, refetch on focus), which is not use and
     * does not move the idle window (ADR 025).
     */
    async resolve(
      sessionId: string,
      context: RequestContext,
      { background = false } = {},
    ): Promise<{ session: SessionRecord; idHash: string } | { ended: SessionEndReason; userId?: string }> {
      const idHash = hashSessionId(sessionId);
      const at = now();
      const endReason = (s: SessionRecord | undefined): SessionEndReason | undefined =>
        !s
          ? 'unknown'
          : !s.isActive
            ? 'inactive'
            : s.practice?.status === 'suspended'
              ? 'suspended'
              : at >= s.expiresAt
                ? 'expired'
                : at.getTime() - s.lastUsedAt.getTime() > policy.idleMinutes * 60_000
                  ? 'idle'
                  : undefined;
      let session = await repo.findSession(idHash);
      let ended = endReason(session);
      if (ended && ended !== 'unknown') {
        session = await repo.findSession(idHash, { fresh: true });
        ended = endReason(session);
      }
      if (!session) return { ended: 'unknown' };
      if (ended) {
        await repo.deleteSession(idHash);
        await audit.record({
          ...context,
          actor: { id: session.user.id, role: session.user.role },
          action: 'auth.session_expired',
          outcome: 'allowed',
          resourceType: 'session',
          detail: ended,
        });
        return { ended, userId: session.user.id };
      }
      const touchInterval = Math.min(MAX_TOUCH_INTERVAL_MS, (policy.idleMinutes * 60_000) / 60);
      if (!background && at.getTime() - session.lastUsedAt.getTime() >= touchInterval)
        await repo.touchSession(idHash, at);
      return { session, idHash };
    },

    /** Why a session ended, in words for the sign-in page. */
    endedError(reason: SessionEndReason): AppError {
      const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
      if (reason === 'idle')
        return unauthorized(
          `Your session ended after ${plural(policy.idleMinutes, 'minute')} without activity. Please sign in again.`,
          'session_idle',
        );
      if (reason === 'expired')
        return unauthorized(
          `Your session ended after ${plural(policy.maxHours, 'hour')}. Please sign in again.`,
          'session_expired',
        );
      if (reason === 'suspended') return unauthorized(PRACTICE_SUSPENDED_MESSAGE, 'practice_suspended');
      return unauthorized(reason === 'unknown' ? undefined : 'Your session has ended. Please sign in again.');
    },

    async logout(idHash: string, actor: AuthUser, context: RequestContext) {
      await repo.deleteSession(idHash);
      await audit.record({
        ...context,
        actor: { id: actor.id, role: actor.role },
        action: 'auth.logout',
        outcome: 'allowed',
        resourceType: 'session',
      });
    },

    /** Ends every session of the user, but for `exceptIdHash` when given. */
    endUserSessions: (userId: string, exceptIdHash?: string) => repo.deleteUserSessions(userId, exceptIdHash),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
