import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BACKGROUND_REQUEST_HEADER } from '#shared/session';
import { can, type Action, type Principal } from '#shared/permissions';
import { forbidden, unauthorized } from '../errors';
import type { PracticeContext } from '../practice';
import type { AuthUser, SessionResolver } from '../session';
import { requestContext } from './audit';

export interface RequestAuth {
  user: AuthUser;
  principal: Principal;
  /** The caller's practice; null for the operator, who belongs to none. */
  practice: PracticeContext | null;
  sessionHash: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a session (login, health, public forms). */
    public?: boolean;
    /** The policy action a caller must be allowed; omitted means any signed-in user. */
    access?: Action;
  }
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** Every /api route needs a live session unless it says `public`; `access` is checked by the shared policy. */
export function installAuth(app: FastifyInstance, auth: SessionResolver): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    // Read once: Fastify builds a new routeOptions object on each access.
    const { config, url } = request.routeOptions;
    if (config.public || !url?.startsWith('/api/')) return;
    await authenticate(auth, request, config.access);
  });
}

/** Resolves the bearer session onto `request.auth` and checks `access`; for routes outside /api as well. */
export async function authenticate(
  auth: SessionResolver,
  request: FastifyRequest,
  access?: Action,
): Promise<RequestAuth> {
  const sessionId = bearerToken(request);
  if (!sessionId) throw unauthorized();
  const background = request.headers[BACKGROUND_REQUEST_HEADER] === '1';
  const resolved = await auth.resolve(sessionId, requestContext(request), { background });
  if ('ended' in resolved) throw auth.endedError(resolved.ended);
  request.auth = {
    user: resolved.session.user,
    principal: resolved.session.principal,
    practice: resolved.session.practice,
    sessionHash: resolved.idHash,
  };
  if (access && !can(resolved.session.principal, access)) throw forbidden();
  return request.auth;
}

/** Who is asking, as services take it: a user of one practice. */
export interface Viewer {
  userId: string;
  principal: Principal;
  practice: PracticeContext;
}

export function viewer(request: FastifyRequest): Viewer {
  const { user, principal } = requireAuth(request);
  return { userId: user.id, principal, practice: practiceOf(request) };
}

/**
 * The caller's practice, for routes that work on a practice's data. The operator has none: such routes
 * are refused to them (403), whatever their `access`.
 */
export function practiceOf(request: FastifyRequest): PracticeContext {
  const { practice } = requireAuth(request);
  if (!practice) throw forbidden();
  return practice;
}

/** For handlers behind the hook: the caller, who is always there. */
export function requireAuth(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
