import closeWithGrace from 'close-with-grace';
import { composeApp } from './app';
import { leaveSignalsToCaller } from './db/embedded-postgres';
import { openDatabase } from './db/open';
import { ensureAdmin, ensureOperator } from './db/seed/bootstrap-admin';
import { DEMO_LOGIN_EMAILS, demoLoginsIn } from './db/seed/demo-logins';
import { DEMO_PRACTICE_NAME, DEMO_VET_PRACTICE_NAME, seedDemoPractice } from './db/seed/demo-practice';
import { ConfigError, loadEnv, type Env } from './env';
import { OUTBOUND_CAMPAIGNS_JOB } from './jobs/outbound-dispatch';
import { webDistDir } from './paths';
import { safeErrorSummary } from './plugins/error-handler';

async function main(env: Env) {
  const started = performance.now();
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: env.DB_POOL_SIZE,
    timeouts: {
      acquireMs: env.DB_ACQUIRE_TIMEOUT_MS,
      statementMs: env.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
  });
  if (env.NODE_ENV === 'production') {
    const demoLogins = await demoLoginsIn(database.db);
    if (demoLogins.length > 0) {
      await database.close();
      throw new Error(
        `the database holds demo logins (${demoLogins.join(', ')}), and NODE_ENV=production never runs ` +
          'with them. Delete those users, or run the demo with NODE_ENV=development.',
      );
    }
  }
  // The demo as people try it: with its six months of history for Analytics (the API tests' databases have none).
  const seeded = env.SEED_DEMO ? await seedDemoPractice(database.db, new Date(), { history: true }) : false;
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD)
    await ensureAdmin(database.db, env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
  if (env.OPERATOR_EMAIL && env.OPERATOR_PASSWORD)
    await ensureOperator(database.db, env.OPERATOR_EMAIL, env.OPERATOR_PASSWORD);

  await database.changes.start();
  const { app, queue: jobs } = await composeApp({
    db: database.db,
    changes: database.changes,
    session: { idleMinutes: env.SESSION_IDLE_MINUTES, maxHours: env.SESSION_MAX_HOURS },
    logLevel: env.LOG_LEVEL,
    webDir: webDistDir,
    publicBaseUrl: env.PUBLIC_BASE_URL,
    ...(env.KOLLA_API_KEY && { kolla: { apiKey: env.KOLLA_API_KEY, baseUrl: env.KOLLA_BASE_URL } }),
    webhookSecret: env.VAPI_WEBHOOK_SECRET,
    trustProxy: env.TRUST_PROXY,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    messaging: {
      twilioAccountSid: env.TWILIO_ACCOUNT_SID,
      twilioAuthToken: env.TWILIO_AUTH_TOKEN,
      twilioBaseUrl: env.TWILIO_BASE_URL,
    },
    voice: {
      apiKey: env.VAPI_API_KEY,
      baseUrl: env.VAPI_BASE_URL,
      publicBaseUrl: env.PUBLIC_BASE_URL,
      webhookSecret: env.VAPI_WEBHOOK_SECRET,
    },
    jobs: {
      connectionString: database.url,
      paused: env.OUTBOUND_CAMPAIGNS_PAUSED ? [OUTBOUND_CAMPAIGNS_JOB] : [],
    },
  });

  closeWithGrace({ delay: 10_000 }, async ({ err, signal }) => {
    if (err) app.log.error({ err: safeErrorSummary(err) }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    // Closing the app stops the job queue first (its running jobs finish).
    await app.close();
    await database.close();
  });
  leaveSignalsToCaller();

  await app.listen({ port: env.PORT, host: env.HOST });
  // After listening, so the queue's first-run schema setup never delays readiness; jobs wait in the table.
  jobs!
    .start()
    .catch((error: Error) => app.log.error({ err: safeErrorSummary(error) }, 'job queue did not start'));
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const lines = [
    '',
    `  Servc is ready on http://localhost:${port}  (${Math.round(performance.now() - started)} ms)`,
    `  Database: ${database.embedded ? `embedded PostgreSQL in ${env.DATA_DIR}` : 'DATABASE_URL'}${seeded ? ', demo practices seeded' : ''}`,
  ];
  // Never a password in the log: the demo's are in the README.
  if (env.SEED_DEMO) {
    lines.push(`  Demo (NODE_ENV=${env.NODE_ENV}): ${DEMO_PRACTICE_NAME} and ${DEMO_VET_PRACTICE_NAME}`);
    lines.push(`  Demo sign-ins (passwords in README.md): ${DEMO_LOGIN_EMAILS.join(', ')}`);
  }
  process.stdout.write(lines.join('\n') + '\n\n');
}

let env: Env;
try {
  env = loadEnv();
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(error.message + '\n');
    process.exit(1);
  }
  throw error;
}
main(env).catch((error: unknown) => {
  process.stderr.write(`Servc could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
