import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from './app-types';
import { createIntegrations, type KollaConfig } from './composition';
import type { Db } from './db/client';
import { createIdempotency } from './db/idempotency';
import type { Integrations } from './integrations/index';
import { DEFAULT_PUBLIC_BASE_URL } from './env';
import { registerAssistantRoutes } from './modules/assistants/assistants.routes';
import { createAuditRepo } from './modules/audit/audit.repo';
import { registerAuditRoutes } from './modules/audit/audit.routes';
import { createAuditService, type AuditService } from './modules/audit/audit.service';
import { createAuthRepo } from './modules/auth/auth.repo';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { createAuthService, type SessionPolicy } from './modules/auth/auth.service';
import { registerCallRoutes } from './modules/calls/calls.routes';
import { createConnectorsRepo } from './modules/connectors/connectors.repo';
import { registerConnectorRoutes } from './modules/connectors/connectors.routes';
import { createConnectorsService } from './modules/connectors/connectors.service';
import { createDemoRequestsRepo } from './modules/demo-requests/demo-requests.repo';
import { registerDemoRequestRoutes } from './modules/demo-requests/demo-requests.routes';
import { createDemoRequestsService } from './modules/demo-requests/demo-requests.service';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerPhoneNumberRoutes } from './modules/phone-numbers/phone-numbers.routes';
import { createUsersRepo } from './modules/users/users.repo';
import { registerUserRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { registerScheduleRoutes } from './modules/schedule/schedule.routes';
import { createScheduleRepo } from './modules/schedule/schedule.repo';
import { createScheduleService } from './modules/schedule/schedule.service';
import { registerWebhookRoutes } from './modules/voice-webhook/voice-webhook.routes';
import { registerWorkflowRoutes } from './modules/workflows/workflows.routes';
import type { TableChanges } from './db/changes';
import { installAudit } from './plugins/audit';
import { installAuth } from './plugins/auth';
import { installErrorHandler } from './plugins/error-handler';
import { responseSerializerCompiler } from './plugins/response-serializer';
import { installSecurityHeaders } from './plugins/security-headers';
import { installWebApp } from './plugins/web-app';

export interface AppDeps {
  db: Db;
  session: SessionPolicy;
  logLevel?: string;
  /** Folder of the built web app; omitted or missing means API only. */
  webDir?: string;
  /** Origin for canonical links, the sitemap and robots.txt. */
  publicBaseUrl?: string;
  now?: () => Date;
  /** Kolla credentials; without them only connectors on the built-in schedule ('sandbox') work. */
  kolla?: KollaConfig;
  /** The vendor integrations; built from `kolla` when not given. */
  integrations?: Integrations;
  /** The voice platform's webhook secret (VAPI_WEBHOOK_SECRET). */
  webhookSecret?: string;
  /** Table changes for the read caches (ADR 022); without them every read goes to the database. */
  changes?: TableChanges;
  /** Fastify's `trustProxy`: whose X-Forwarded-For gives the client address (TRUST_PROXY). */
  trustProxy?: boolean | string;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface RegisteredRoute {
  method: string;
  url: string;
  public: boolean;
  access?: string;
  phi: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its access rule, for the authorization tests. */
    registeredRoutes: RegisteredRoute[];
    /** The append-only audit log (tests flush it before reading). */
    auditLog: AuditService;
  }
}

/** Log redaction: credentials and anything a patient told us never reach the log. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-vapi-secret"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.sessionId',
  '*.phone_number',
  '*.patient_info',
  '*.email',
];

export async function buildApp(deps: AppDeps): Promise<App> {
  const options: FastifyServerOptions = {
    logger: deps.logLevel === 'silent' ? false : { level: deps.logLevel ?? 'info', redact: REDACT },
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    return503OnClosing: true,
    trustProxy: deps.trustProxy ?? false,
    logController: new LogController({ disableRequestLogging: true }),
  };
  const app = Fastify(options).withTypeProvider<ZodTypeProvider>();
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      registeredRoutes.push({
        method,
        url: route.url,
        public: Boolean(route.config?.public),
        access: route.config?.access,
        phi: Boolean(route.config?.phi),
      });
    }
  });
  installErrorHandler(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'https:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  // One line per request; the URL never carries patient data (searches go in bodies).
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });

  const audit = createAuditService(createAuditRepo(deps.db), deps.now);
  app.decorate('auditLog', audit);
  const auth = createAuthService(createAuthRepo(deps.db, deps.changes), deps.session, audit, deps.now);
  installAuth(app, auth);
  installAudit(app, audit);

  registerHealthRoutes(app, deps.db);
  registerAuthRoutes(app, auth);
  registerAssistantRoutes(app, deps.db);
  registerWorkflowRoutes(app, deps.db);
  registerPhoneNumberRoutes(app, deps.db);
  registerCallRoutes(app, deps.db, deps.changes);
  const connectors = createConnectorsService(createConnectorsRepo(deps.db, deps.changes));
  registerConnectorRoutes(app, connectors);
  registerUserRoutes(app, createUsersService(createUsersRepo(deps.db), auth));
  registerAuditRoutes(app, audit);
  registerDemoRequestRoutes(app, createDemoRequestsService(createDemoRequestsRepo(deps.db), deps.now));
  const integrations =
    deps.integrations ??
    createIntegrations({ db: deps.db, changes: deps.changes, kolla: deps.kolla, now: deps.now });
  const schedule = createScheduleService({
    repo: createScheduleRepo(deps.db, deps.changes),
    integrations,
    idempotency: createIdempotency(deps.db),
    connectors,
    now: deps.now,
  });
  registerScheduleRoutes(app, schedule, deps.changes);
  registerWebhookRoutes(app, { auth, schedule, secret: deps.webhookSecret });

  await installWebApp(app, deps.webDir, deps.publicBaseUrl ?? DEFAULT_PUBLIC_BASE_URL);

  return app;
}
