import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditAction } from '#shared/schemas/audit';
import type { AuditRecorder, RequestContext } from '../session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Record every call of this route (allowed, denied or failed) under this action. */
    audit?: { action: AuditAction; resourceType: string };
    /** The route reads patient data: every successful read is recorded. */
    phi?: boolean;
  }
  interface FastifyRequest {
    /** Set by a handler whose resource id is not in the URL (e.g. the id a create made). */
    auditResourceId: string | null;
    /** Short, non-sensitive words about what changed. */
    auditDetail: string | null;
    /** The practice an operator acted on (the operator belongs to none); else the caller's practice. */
    auditPracticeId: string | null;
  }
}

export function requestContext(request: FastifyRequest): RequestContext {
  return {
    clientAddress: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    requestId: request.id,
  };
}

const PHI_READ = { action: 'patient_data.read', resourceType: 'patient_data' } as const;

/**
 * The one place route calls reach the audit log: routes opt in with `audit` or `phi`, and every 403 is
 * recorded whatever the route. 401s are not (no actor; sign-in failures are recorded by the auth service).
 */
export function installAudit(app: FastifyInstance, audit: AuditRecorder): void {
  app.decorateRequest('auditResourceId', null);
  app.decorateRequest('auditDetail', null);
  app.decorateRequest('auditPracticeId', null);
  app.addHook('onResponse', async (request, reply) => {
    // Read once: Fastify builds a new routeOptions object on each access.
    const { config, url } = request.routeOptions;
    const target = config.audit ?? (config.phi ? PHI_READ : undefined);
    const status = reply.statusCode;
    if (status !== 403 && (!target || status === 401)) return;
    const params = request.params as { id?: unknown } | undefined;
    const resourceId = request.auditResourceId ?? (typeof params?.id === 'string' ? params.id : null);
    const denied = status === 403;
    // Not awaited: the entry waits for its batch (ADR 061) without holding the request and its body in memory.
    const log = request.log;
    void audit
      .record({
        actor: request.auth ? { id: request.auth.user.id, role: request.auth.user.role } : null,
        practiceId: request.auditPracticeId ?? request.auth?.practice?.id ?? null,
        action: denied ? 'access.denied' : target!.action,
        outcome: denied ? 'denied' : status < 400 ? 'allowed' : 'failed',
        resourceType: target?.resourceType ?? null,
        resourceId,
        route: url ? `${request.method} ${url}` : null,
        detail: denied
          ? (target?.action ?? config.access ?? null)
          : status >= 400
            ? `status ${status}`
            : request.auditDetail,
        // Last: on Node 20, properties written after a spread make every entry survive young collections (ADR 066).
        ...requestContext(request),
      })
      .catch((error: unknown) =>
        log.error({ err: { type: (error as Error).name } }, 'audit entry not written'),
      );
  });
  app.addHook('onClose', async () => audit.flush());
}
