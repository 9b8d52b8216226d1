import type { Principal, Role } from '#shared/permissions';
import type { AuditOutcome } from '#shared/schemas/audit';
import type { PracticeContext } from './practice';

/**
 * Who is asking and where from: the types the request plugins (plugins/auth, plugins/audit) and the modules
 * share, so plugins import no module internals. The auth and audit modules implement the interfaces.
 */

export interface AuthUser {
  id: string;
  email: string;
  username: string;
  name: string;
  role: Role;
}

/** Where a request came from; recorded with every audit entry. */
export interface RequestContext {
  clientAddress: string | null;
  userAgent: string | null;
  requestId: string | null;
}

export interface AuditEntry extends Partial<RequestContext> {
  actor?: { id: string; role: Role } | null;
  /** The practice the entry is about; null or absent for platform-wide entries. */
  practiceId?: string | null;
  action: string;
  outcome: AuditOutcome;
  resourceType?: string | null;
  resourceId?: string | null;
  route?: string | null;
  /** Short, non-sensitive words (what changed, why it failed); never values a user typed. */
  detail?: string | null;
}

/** What plugins/auth needs of the auth service: a bearer session resolved, or why it ended. */
export interface SessionResolver {
  /** `background`: a refresh the browser made on its own, which is not use (the idle limit keeps running). */
  resolve(
    sessionId: string,
    context: RequestContext,
    options?: { background?: boolean },
  ): Promise<
    | { session: { user: AuthUser; principal: Principal; practice: PracticeContext | null }; idHash: string }
    | { ended: SessionEndReason; userId?: string }
  >;
  /** The 401 that tells the visitor why their session ended. */
  endedError(reason: SessionEndReason): Error;
}

/** Why a bearer session no longer works. */
/** `suspended`: the user's practice was suspended by the operator. */
export type SessionEndReason = 'expired' | 'idle' | 'inactive' | 'suspended' | 'unknown';

/** What plugins/audit needs of the audit service. */
export interface AuditRecorder {
  /** Appends one entry; resolves once it is written. */
  record(entry: AuditEntry): Promise<void>;
  /** Waits for every pending entry. */
  flush(): Promise<void>;
}
