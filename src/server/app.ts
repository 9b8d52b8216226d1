import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from './app-types';
import { createIntegrations, type KollaConfig } from './composition';
import type { Db } from './db/client';
import { createIdempotency } from './db/idempotency';
import type { Integrations } from './integrations/index';
import { DEFAULT_PUBLIC_BASE_URL } from './env';
import { createAuditRepo } from './modules/audit/audit.repo';
import { registerAuditRoutes } from './modules/audit/audit.routes';
import { createAuditService, type AuditService } from './modules/audit/audit.service';
import { createAuthRepo } from './modules/auth/auth.repo';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { createAuthService, type SessionPolicy } from './modules/auth/auth.service';
import { createCallTransferRepo } from './modules/call-transfer/call-transfer.repo';
import { registerCallTransferRoutes } from './modules/call-transfer/call-transfer.routes';
import { createCallTransferService } from './modules/call-transfer/call-transfer.service';
import { createCallSimulator } from './modules/calls/call-simulator';
import { createCallsRepo } from './modules/calls/calls.repo';
import { registerCallRoutes } from './modules/calls/calls.routes';
import { createCallsService } from './modules/calls/calls.service';
import { createConnectorsRepo } from './modules/connectors/connectors.repo';
import { registerConnectorRoutes } from './modules/connectors/connectors.routes';
import { createConnectorsService } from './modules/connectors/connectors.service';
import { createDemoRequestsRepo } from './modules/demo-requests/demo-requests.repo';
import { registerDemoRequestRoutes } from './modules/demo-requests/demo-requests.routes';
import { createDemoRequestsService } from './modules/demo-requests/demo-requests.service';
import { registerHealthRoutes } from './modules/health/health.routes';
import { createCallbacksRepo } from './modules/processor/callbacks.repo';
import { registerCallbackRoutes } from './modules/processor/callbacks.routes';
import { createCallbacksService } from './modules/processor/callbacks.service';
import { createProcessorRepo } from './modules/processor/processor.repo';
import { registerProcessorRoutes } from './modules/processor/processor.routes';
import {
  registerOutboundCalls,
  type OutboundCallsModule,
} from './modules/outbound-calls/outbound-calls.module';
import { createSandboxOutbound, withSandboxCalls } from './modules/outbound-calls/sandbox-outbound';
import { createProcessorService } from './modules/processor/processor.service';
import { createSandboxMail } from './integrations/mail/sandbox/sandbox-mail';
import { createMail, type MailConfig, type MailPort } from './integrations/mail/index';
import { createInvitationsModule } from './modules/invitations/index';
import { createUsersRepo } from './modules/users/users.repo';
import { registerUserRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { registerScheduleRoutes } from './modules/schedule/schedule.routes';
import { createScheduleRepo } from './modules/schedule/schedule.repo';
import { createScheduleService } from './modules/schedule/schedule.service';
import { registerWebhookRoutes } from './modules/voice-webhook/voice-webhook.routes';
import { registerVoiceModules } from './modules/voice-modules';
import type { VoiceConfig, VoicePort } from './integrations/voice/index';
import type { TableChanges } from './db/changes';
import { installAudit } from './plugins/audit';
import { installAuth } from './plugins/auth';
import { installErrorHandler } from './plugins/error-handler';
import { installInputTextCheck } from './plugins/input-text';
import { installJsonBodyParser } from './plugins/json-body';
import { responseSerializerCompiler } from './plugins/response-serializer';
import { installSecurityHeaders, securityHeaders } from './plugins/security-headers';
import { clientErrorHandler, frameworkErrorHandler } from './plugins/framework-errors';
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
  /** The voice platform's configuration or a ready port (the built-in sandbox when omitted). */
  voice?: VoiceConfig | VoicePort;
  /** Fastify's `trustProxy`: whose X-Forwarded-For gives the client address (TRUST_PROXY). */
  trustProxy?: boolean | string;
  /** Where the log goes; standard output when omitted. */
  logStream?: NodeJS.WritableStream;
  /** Outbound dispatch timings (tests and the benchmark shorten them). */
  outbound?: { retryDelayMs?: number; placementGraceMs?: number; sandboxCallMs?: number };
  /** SMTP_URL and MAIL_FROM, or a ready port; the built-in mail sandbox when omitted. */
  mail?: MailConfig | MailPort;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface RegisteredRoute {
  method: string;
  url: string;
  public: boolean;
  access?: string;
  phi: boolean;
  /** The route's request schemas (zod), for the fuzz test. */
  schema?: { params?: unknown; querystring?: unknown; body?: unknown };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its access rule, for the authorization tests. */
    registeredRoutes: RegisteredRoute[];
    /** The append-only audit log (tests flush it before reading). */
    auditLog: AuditService;
    /** Outbound calls: the dispatcher, its jobs for the queue (server.ts) and the queue to wake it on. */
    outbound: OutboundCallsModule;
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
  const headers = securityHeaders({
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
    // The same rule as frame-ancestors 'none', for browsers that only know this header.
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  const options: FastifyServerOptions = {
    logger:
      deps.logLevel === 'silent'
        ? false
        : {
            level: deps.logLevel ?? 'info',
            redact: REDACT,
            ...(deps.logStream && { stream: deps.logStream }),
          },
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    return503OnClosing: true,
    trustProxy: deps.trustProxy ?? false,
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors: frameworkErrorHandler(headers),
    clientErrorHandler: clientErrorHandler(headers),
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
        schema: route.schema && {
          params: route.schema.params,
          querystring: route.schema.querystring,
          body: route.schema.body,
        },
      });
    }
  });
  installErrorHandler(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  installSecurityHeaders(app, headers);
  installInputTextCheck(app);
  installJsonBodyParser(app);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  // One line per request, with the route pattern: a URL's ids and query values may be patient data.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? null,
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
  const connectors = createConnectorsService(createConnectorsRepo(deps.db, deps.changes));
  registerConnectorRoutes(app, connectors);
  const publicBaseUrl = (deps.publicBaseUrl ?? DEFAULT_PUBLIC_BASE_URL).replace(/\/+$/, '');
  const webhook = { url: `${publicBaseUrl}/webhook`, secret: deps.webhookSecret };
  // Without a configured secret the simulators still reach POST /webhook, with one nobody else knows.
  const webhookSecret = deps.webhookSecret ?? randomBytes(32).toString('hex');
  const sandboxCalls = createSandboxOutbound({
    app,
    db: deps.db,
    secret: webhookSecret,
    now: deps.now,
    durationMs: deps.outbound?.sandboxCallMs,
  });
  app.addHook('onClose', async () => sandboxCalls.stop());
  app.addHook('onReady', async () => {
    await sandboxCalls.resumeOrphans();
  });
  const integrations =
    deps.integrations ??
    createIntegrations({
      db: deps.db,
      changes: deps.changes,
      kolla: deps.kolla,
      voice: withSandboxCalls(
        deps.voice ?? { publicBaseUrl, webhookSecret: deps.webhookSecret },
        sandboxCalls,
      ),
      now: deps.now,
    });
  const voicePlatform = await registerVoiceModules(app, {
    db: deps.db,
    voice: integrations.voice,
    connectors,
    webhook,
    now: deps.now,
  });
  registerUserRoutes(app, createUsersService(createUsersRepo(deps.db), auth));
  registerAuditRoutes(app, audit);
  const mail =
    deps.mail && 'send' in deps.mail
      ? deps.mail
      : createMail(deps.mail ?? {}, () => createSandboxMail(deps.db, deps.now));
  const invitations = createInvitationsModule({ db: deps.db, mail, publicBaseUrl, audit, now: deps.now });
  invitations.routes(app);
  registerDemoRequestRoutes(app, createDemoRequestsService(createDemoRequestsRepo(deps.db), deps.now));
  const schedule = createScheduleService({
    repo: createScheduleRepo(deps.db, deps.changes),
    integrations,
    idempotency: createIdempotency(deps.db),
    connectors,
    now: deps.now,
  });
  registerScheduleRoutes(app, schedule, deps.changes);
  const callbacks = createCallbacksService({
    repo: createCallbacksRepo(deps.db),
    schedule,
    audit,
    now: deps.now,
  });
  // Outbound calls log what they place; the calls ingest tells them of every report (only once both exist).
  const calls = createCallsService(createCallsRepo(deps.db), deps.now, {
    onReport: (report) => outbound.onCallEvent(report),
    onEnded: callbacks.callEnded,
  });
  const outbound = registerOutboundCalls(app, {
    db: deps.db,
    schedule,
    assistants: voicePlatform.assistants,
    phoneNumbers: voicePlatform.phoneNumbers,
    calls,
    idempotency: createIdempotency(deps.db),
    voice: integrations.voice,
    now: deps.now,
    ...deps.outbound,
  });
  app.decorate('outbound', outbound);
  const simulator = createCallSimulator({
    app,
    db: deps.db,
    practiceFor: schedule.forCalledNumber,
    secret: webhookSecret,
    now: deps.now ?? (() => new Date()),
  });
  registerCallRoutes(app, calls, simulator, deps.changes);
  const transfer = createCallTransferService({
    repo: createCallTransferRepo(deps.db),
    timeZone: schedule.timeZone,
    now: deps.now,
  });
  registerCallTransferRoutes(app, transfer);
  registerWebhookRoutes(app, {
    auth,
    schedule,
    calls,
    secret: webhookSecret,
    assistantRequest: voicePlatform.answerAssistantRequest,
    transfer,
  });
  registerCallbackRoutes(app, callbacks);
  registerProcessorRoutes(
    app,
    createProcessorService({
      repo: createProcessorRepo(deps.db),
      schedule,
      now: deps.now,
      onBooked: (callId) => callbacks.closeForCall(callId, 'Booked by the Appointment Processor.'),
    }),
  );

  await installWebApp(app, deps.webDir, deps.publicBaseUrl ?? DEFAULT_PUBLIC_BASE_URL);

  return app;
}
