import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { composeApp, type AppDeps, type ComposedApp } from '../app';
import type { App } from '../app-types';
import { connectDatabase, type Database, type DbTimeouts } from '../db/client';
import { auditEvents, users } from '../db/schema/index';
import { hashPassword } from '../lib/passwords';
import { DEMO_ADMIN, DEMO_FRONT_DESK, seedDemoPractice } from '../db/seed/demo-practice';

type AuditEventRow = typeof auditEvents.$inferSelect;

export interface TestClock {
  now(): Date;
  advanceMinutes(minutes: number): void;
}

export function createClock(): TestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advanceMinutes: (minutes) => {
      offset += minutes * 60_000;
    },
  };
}

/** The voice platform's webhook secret in tests. */
export const TEST_WEBHOOK_SECRET = 'test-webhook-secret-0123456789';

export interface TestApp {
  app: App;
  /** The modules the app was built from: their services (the audit log to flush, the outbound dispatcher). */
  modules: ComposedApp['modules'];
  /** The domain events (ADR 051). */
  events: ComposedApp['events'];
  database: Database;
  clock: TestClock;
  login(email: string, password: string): Promise<string>;
  asAdmin(): Promise<string>;
  asFrontDesk(): Promise<string>;
  /** A session of the operator (the vendor's staff, in no practice): `OPERATOR` below. */
  asOperator(): Promise<string>;
  /**
   * The audit entries of one resource once `until` holds for them (the log is written after the response is
   * sent, in the background), or whatever there is after 5 s, for the test to report.
   */
  auditOf(resourceId: string, until: (entries: AuditEventRow[]) => boolean): Promise<AuditEventRow[]>;
  close(): Promise<void>;
}

/** A fresh database (from the migrated template) with the demo practice, and the app on top of it. */
export async function createTestApp(
  options: {
    seed?: boolean;
    idleMinutes?: number;
    maxHours?: number;
    webDir?: string;
    publicBaseUrl?: string;
    kolla?: AppDeps['kolla'];
    trustProxy?: AppDeps['trustProxy'];
    voice?: AppDeps['voice'];
    outbound?: AppDeps['outbound'];
    mail?: AppDeps['mail'];
    messaging?: AppDeps['messaging'];
    textSender?: AppDeps['textSender'];
    /** Where the log goes (at level info); without it the app logs nothing. */
    logStream?: AppDeps['logStream'];
    /** The pool's timeouts (defaults as in production). */
    dbTimeouts?: Partial<DbTimeouts>;
  } = {},
): Promise<TestApp> {
  const baseUrl = inject('databaseUrl');
  const name = `servc_t_${inject('templateDatabase').split('_').pop()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = connectDatabase(url.toString(), 5, options.dbTimeouts);
  const clock = createClock();
  if (options.seed !== false) await seedDemoPractice(database.db, clock.now());
  await database.changes.start();
  const { app, modules, events } = await composeApp({
    db: database.db,
    changes: database.changes,
    session: { idleMinutes: options.idleMinutes ?? 30, maxHours: options.maxHours ?? 12 },
    logLevel: options.logStream ? 'info' : 'silent',
    logStream: options.logStream,
    now: clock.now,
    webDir: options.webDir,
    publicBaseUrl: options.publicBaseUrl,
    webhookSecret: TEST_WEBHOOK_SECRET,
    ...(options.kolla && { kolla: options.kolla }),
    trustProxy: options.trustProxy,
    ...(options.voice && { voice: options.voice }),
    ...(options.outbound && { outbound: options.outbound }),
    ...(options.mail && { mail: options.mail }),
    ...(options.messaging && { messaging: options.messaging }),
    ...(options.textSender && { textSender: options.textSender }),
  });
  await app.ready();

  async function login(email: string, password: string) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    return (response.json() as { sessionId: string }).sessionId;
  }

  return {
    app,
    modules,
    events,
    database,
    clock,
    login,
    asAdmin: () => login(DEMO_ADMIN.email, DEMO_ADMIN.password),
    asFrontDesk: () => login(DEMO_FRONT_DESK.email, DEMO_FRONT_DESK.password),
    asOperator: async () => {
      await ensureOperator(database.db);
      return login(OPERATOR.email, OPERATOR.password);
    },
    auditOf: async (resourceId, until) => {
      for (let waited = 0; ; waited += 25) {
        await modules.audit.service.flush();
        const entries = await database.db
          .select()
          .from(auditEvents)
          .where(eq(auditEvents.resourceId, resourceId));
        if (until(entries) || waited >= 5_000) return entries;
        await sleep(25);
      }
    },
    close: async () => {
      await app.close();
      await database.close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** The demo seed's operator login (issue 22); made here too, so tests do not depend on the seed having it. */
export const OPERATOR = { email: 'operator@servc.example', password: 'operator1234' } as const;

async function ensureOperator(db: Database['db']): Promise<void> {
  await db
    .insert(users)
    .values({
      practiceId: null,
      name: 'Servc Operator',
      email: OPERATOR.email,
      username: 'operator',
      passwordHash: await hashPassword(OPERATOR.password),
      role: 'operator',
    })
    .onConflictDoNothing();
}

export const bearer = (sessionId: string) => ({ authorization: `Bearer ${sessionId}` });

/** The voice platform delivering `body` (its messages come as `{ message }`) to POST /webhook with the secret. */
export const platformWebhook = (app: App, body: object) =>
  app.inject({
    method: 'POST',
    url: '/webhook',
    headers: { 'x-vapi-secret': TEST_WEBHOOK_SECRET },
    payload: body,
  });

/** A console call of one of the receptionist's functions (POST /webhook, the function-call envelope). */
export const consoleCall = (
  app: App,
  sessionId: string,
  name: string,
  parameters: unknown,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url: '/webhook',
    headers: { ...bearer(sessionId), ...headers },
    payload: { type: 'function-call', functionCall: { name, parameters } },
  });
