import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppModule } from './app-types';
import { createIntegrations, type KollaConfig } from './composition';
import type { Db } from './db/client';
import { createIdempotency } from './db/idempotency';
import type { Integrations } from './integrations/index';
import { DEFAULT_PUBLIC_BASE_URL } from './env';
import { createEventBus, eventsDeliverJob } from './events';
import { housekeepingJob } from './jobs/housekeeping';
import { createJobQueue, NO_QUEUE, type JobDefinition, type JobQueue } from './jobs/queue';
import { createAnalyticsModule } from './modules/analytics/index';
import { createAuditModule } from './modules/audit/index';
import { createAuthModule } from './modules/auth/index';
import type { SessionPolicy } from './modules/auth/auth.service';
import { createCallTransferModule } from './modules/call-transfer/index';
import { createCallsModule } from './modules/calls/index';
import { createConnectorsModule } from './modules/connectors/index';
import { createDemoRequestsModule } from './modules/demo-requests/index';
import { createHealthModule } from './modules/health/index';
import { createOutboundCallsModule } from './modules/outbound-calls/index';
import { createSandboxOutbound, withSandboxCalls } from './modules/outbound-calls/sandbox-outbound';
import { createProcessorModule } from './modules/processor/index';
import { createScheduleModule } from './modules/schedule/index';
import { createUsersModule } from './modules/users/index';
import { createVoiceModules } from './modules/voice-modules';
import { createVoiceWebhookModule } from './modules/voice-webhook/index';
import { createSandboxMail } from './integrations/mail/sandbox/sandbox-mail';
import { createMail, type MailConfig, type MailPort } from './integrations/mail/index';
import { createInvitationsModule } from './modules/invitations/index';
import { createMessagingModule } from './modules/messaging/index';
import { createMessaging, type Messaging, type MessagingConfig } from './integrations/messaging/index';
import { createPracticesModule } from './modules/practices/index';
import type { VoiceConfig, VoicePort } from './integrations/voice/index';
import type { TableChanges } from './db/changes';
import { safeErrorSummary } from './plugins/error-handler';
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
  /**
   * The durable job queue (pg-boss on this database): built here with every module's jobs and handed to the
   * modules that send jobs; its owner starts it (`composeApp(...).queue.start()`), closing the app stops it.
   * Without it no job runs and sends are dropped (API tests).
   */
  jobs?: {
    connectionString: string;
    /** Job names not to run (e.g. OUTBOUND_CAMPAIGNS_PAUSED). */
    paused?: readonly string[];
    pollingIntervalSeconds?: number;
    maintenanceIntervalSeconds?: number;
    /** Jobs beyond the modules' (tests that count runs across instances). */
    extra?: readonly JobDefinition<object>[];
  };
  /** Domain events: how long a claimed durable delivery is held (tests shorten it). */
  events?: { leaseMs?: number };
  /** SMTP_URL and MAIL_FROM, or a ready port; the built-in mail sandbox when omitted. */
  mail?: MailConfig | MailPort;
  /** TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_BASE_URL, or a ready port; the built-in sandbox otherwise. */
  messaging?: MessagingConfig | Messaging;
  /** The text sender's pace and grace (tests and the benchmark raise and shorten them). */
  textSender?: { segmentsPerSecond?: number; graceMs?: number; retryDelayMs?: number };
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

/** The app with what it was built from: its modules (tests reach their services here), events and queue. */
export type ComposedApp = Awaited<ReturnType<typeof composeApp>>;

export async function buildApp(deps: AppDeps): Promise<App> {
  return (await composeApp(deps)).app;
}

export async function composeApp(deps: AppDeps) {
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

  const { db, changes, now } = deps;
  const events = createEventBus({ db, log: app.log, ...deps.events });
  // Filled from the module list below, before the queue starts; modules hold the queue from the start.
  const jobs: JobDefinition<object>[] = [];
  const paused = deps.jobs?.paused ?? [];
  let queue: JobQueue | undefined;
  if (deps.jobs) {
    const { connectionString, paused: _paused, extra, ...intervals } = deps.jobs;
    jobs.push(...(extra ?? []));
    queue = createJobQueue({
      connectionString,
      jobs,
      onError: (error, job) => app.log.error({ err: safeErrorSummary(error), job }, 'job failed'),
      onDone: (job, result) => app.log.info({ job, result }, 'job done'),
      ...intervals,
    });
  }
  const sender = queue ?? NO_QUEUE;

  const audit = createAuditModule({ db, now });
  const auth = createAuthModule({ db, changes, session: deps.session, audit: audit.service, now });
  installAuth(app, auth.service);
  installAudit(app, audit.service);

  const publicBaseUrl = (deps.publicBaseUrl ?? DEFAULT_PUBLIC_BASE_URL).replace(/\/+$/, '');
  const webhook = { url: `${publicBaseUrl}/webhook`, secret: deps.webhookSecret };
  // Without a configured secret the simulators still reach POST /webhook, with one nobody else knows.
  const webhookSecret = deps.webhookSecret ?? randomBytes(32).toString('hex');
  const sandboxCalls = createSandboxOutbound({
    app,
    db,
    secret: webhookSecret,
    now,
    durationMs: deps.outbound?.sandboxCallMs,
  });
  app.addHook('onClose', async () => sandboxCalls.stop());
  app.addHook('onReady', async () => {
    await sandboxCalls.resumeOrphans();
  });
  const integrations =
    deps.integrations ??
    createIntegrations({
      db,
      changes,
      kolla: deps.kolla,
      voice: withSandboxCalls(
        deps.voice ?? { publicBaseUrl, webhookSecret: deps.webhookSecret },
        sandboxCalls,
      ),
      now,
    });
  const connectors = createConnectorsModule({ db, changes, integrations });
  const voice = createVoiceModules({
    db,
    changes,
    voice: integrations.voice,
    connectors: connectors.service,
    webhook,
    now,
  });
  const users = createUsersModule({ db, auth: auth.service });
  const demoRequests = createDemoRequestsModule({ db, now });
  const schedule = createScheduleModule({
    db,
    changes,
    integrations,
    connectors: connectors.service,
    events,
    jobs: sender,
    warn: (detail, message) => app.log.warn(detail, message),
    now,
  });
  const processor = createProcessorModule({
    db,
    schedule: schedule.service,
    audit: audit.service,
    events,
    now,
  });
  const mail =
    deps.mail && 'send' in deps.mail
      ? deps.mail
      : createMail(deps.mail ?? {}, () => createSandboxMail(db, deps.now));
  const invitations = createInvitationsModule({ db, mail, publicBaseUrl, audit: audit.service, now });
  const practices = createPracticesModule({ db, invite: invitations.service.invite, now });
  const calls = createCallsModule({
    db,
    changes,
    events,
    simulator: {
      // As the webhook resolves it: the number's mapping may pick the connector, never another practice.
      practiceFor: async (from, number) => {
        const byNumber = await schedule.service.forCalledNumber(number);
        return byNumber?.id === from.id ? byNumber : schedule.service.forPractice(from);
      },
      secret: webhookSecret,
    },
    now,
  });
  const messagingPort =
    deps.messaging && 'send' in deps.messaging
      ? deps.messaging
      : createMessaging(
          { statusCallbackUrl: `${publicBaseUrl}/webhooks/twilio/status`, ...deps.messaging },
          db,
        );
  const messaging = createMessagingModule({
    db,
    messaging: messagingPort,
    twilioAuthToken:
      deps.messaging && !('send' in deps.messaging) ? deps.messaging.twilioAuthToken : undefined,
    publicBaseUrl,
    schedule: schedule.service,
    phoneNumbers: voice.phoneNumbers.service,
    callbacks: processor.service.callbacks,
    events,
    jobs: sender,
    warn: (detail, message) => app.log.warn(detail, message),
    now,
    sender: deps.textSender,
    // Outbound calls are built after messaging (they text through it): looked up when a reply R comes.
    rescheduleCall: () => outboundCalls.service.callToReschedule,
  });
  const outboundCalls = createOutboundCallsModule({
    db,
    schedule: schedule.service,
    assistants: voice.assistants.service,
    phoneNumbers: voice.phoneNumbers.service,
    calls: calls.service,
    idempotency: createIdempotency(db),
    voice: integrations.voice,
    jobs: sender,
    events,
    texts: messaging.service,
    warn: (detail, message) => app.log.warn(detail, message),
    now,
    ...deps.outbound,
  });
  const transfer = createCallTransferModule({ db, phoneNumbers: voice.phoneNumbers.service, now });
  const analytics = createAnalyticsModule({ db, now });
  const webhookModule = createVoiceWebhookModule({
    auth: auth.service,
    schedule: schedule.service,
    calls: calls.service,
    secret: webhookSecret,
    assistantRequest: voice.platform.service.answerAssistantRequest,
    practiceForCall: voice.platform.service.practiceForCall,
    transfer: transfer.service,
    phoneChanges: {
      lateChangeHours: outboundCalls.service.lateChangeHours,
      requestCallback: processor.service.callbacks.openForCall,
      now,
    },
  });
  const platformJobs: AppModule = {
    name: 'platform-jobs',
    service: undefined,
    routes: () => undefined,
    jobs: [housekeepingJob(db, deps.session.idleMinutes), eventsDeliverJob(events)],
  };

  // The one list: every module's routes and jobs are registered from here, in this order.
  const modules: AppModule<unknown>[] = [
    createHealthModule({ db }),
    auth,
    connectors,
    ...voice.modules,
    users,
    audit,
    demoRequests,
    invitations,
    practices,
    schedule,
    outboundCalls,
    calls,
    transfer,
    webhookModule,
    processor,
    messaging,
    analytics,
    platformJobs,
  ];
  for (const module of modules) {
    await module.routes(app);
    jobs.push(...(module.jobs ?? []).filter((job) => !paused.includes(job.name)));
  }
  if (queue) {
    const started = queue;
    app.addHook('onClose', async () => started.stop());
  }

  await installWebApp(app, deps.webDir, deps.publicBaseUrl ?? DEFAULT_PUBLIC_BASE_URL);

  return {
    app,
    events,
    /** The job queue when `deps.jobs` was given: not started (its owner starts it once the app is ready). */
    queue,
    modules: {
      audit,
      auth,
      connectors,
      assistants: voice.assistants,
      phoneNumbers: voice.phoneNumbers,
      voicePlatform: voice.platform,
      users,
      demoRequests,
      invitations,
      practices,
      schedule,
      processor,
      calls,
      outboundCalls,
      transfer,
      messaging,
      analytics,
    },
  };
}
