import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from './app-types';
import type { Db } from './db/client';
import { notFound } from './errors';
import { registerAssistantRoutes } from './modules/assistants/assistants.routes';
import { createAuthRepo } from './modules/auth/auth.repo';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { createAuthService, type SessionPolicy } from './modules/auth/auth.service';
import { registerCallRoutes } from './modules/calls/calls.routes';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerPhoneNumberRoutes } from './modules/phone-numbers/phone-numbers.routes';
import { registerScheduleRoutes } from './modules/schedule/schedule.routes';
import { createScheduleService, type KollaConfig } from './modules/schedule/schedule.service';
import { registerWebhookRoutes } from './modules/schedule/webhook.routes';
import { registerWorkflowRoutes } from './modules/workflows/workflows.routes';
import { installAuth } from './plugins/auth';
import { installErrorHandler } from './plugins/error-handler';

export interface AppDeps {
  db: Db;
  session: SessionPolicy;
  logLevel?: string;
  /** Folder of the built web app; omitted or missing means API only. */
  webDir?: string;
  now?: () => Date;
  /** Kolla credentials; without them only connectors on the built-in schedule ('sandbox') work. */
  kolla?: KollaConfig;
  /** The voice platform's webhook secret (VAPI_WEBHOOK_SECRET). */
  webhookSecret?: string;
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
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet, {
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

  const auth = createAuthService(createAuthRepo(deps.db), deps.session, deps.now);
  installAuth(app, auth);

  registerHealthRoutes(app, deps.db);
  registerAuthRoutes(app, auth);
  registerAssistantRoutes(app, deps.db);
  registerWorkflowRoutes(app, deps.db);
  registerPhoneNumberRoutes(app, deps.db);
  registerCallRoutes(app, deps.db);
  const schedule = createScheduleService({ db: deps.db, kolla: deps.kolla, now: deps.now });
  registerScheduleRoutes(app, schedule);
  registerWebhookRoutes(app, { auth, schedule, secret: deps.webhookSecret });

  const webDir = deps.webDir && existsSync(path.join(deps.webDir, 'index.html')) ? deps.webDir : undefined;
  if (webDir) {
    await app.register(fastifyStatic, { root: webDir, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (webDir && request.method === 'GET' && !url.startsWith('/api/') && url !== '/api') {
      return reply.type('text/html').sendFile('index.html');
    }
    throw notFound(url.startsWith('/api') ? 'No such API endpoint.' : 'Not found.');
  });

  return app;
}
