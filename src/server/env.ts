import { z } from 'zod';

const booleanFromString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

export const DEFAULT_PUBLIC_BASE_URL = 'http://localhost:3000';
export const DEFAULT_MAIL_FROM = 'Servc <no-reply@servc.example>';

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** Milliseconds; see `DbTimeouts` in db/client.ts. 0 turns one off. */
    DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
    DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
    SEED_DEMO: booleanFromString.optional(),
    OUTBOUND_CAMPAIGNS_PAUSED: booleanFromString.default(false),
    ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    OPERATOR_EMAIL: z.email('must be an e-mail address').optional(),
    OPERATOR_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    SESSION_MAX_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(12),
    /**
     * The site's public origin, for canonical links, the sitemap, robots.txt and invitation links;
     * `DEFAULT_PUBLIC_BASE_URL` when unset, which only the mail sandbox may live with (below).
     */
    PUBLIC_BASE_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
    KOLLA_API_KEY: z.string().min(1).optional(),
    KOLLA_BASE_URL: z.url('must be a URL').optional(),
    /** The Vapi private API key; without it the built-in voice sandbox runs. */
    VAPI_API_KEY: z.string().min(1).optional(),
    VAPI_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    VAPI_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Twilio's account and auth token: both set, texts go through Twilio; otherwise the built-in sandbox. */
    TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
    TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
    TWILIO_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    /** The mail server (smtp:// or smtps://, credentials in the URL); without it the built-in mail sandbox runs. */
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    /** The sender of every mail we send. */
    MAIL_FROM: z
      .string()
      .trim()
      .min(3)
      .max(320)
      .refine(
        (from) => /^[^<>@\s]+@[^<>@\s]+$|<[^<>@\s]+@[^<>@\s]+>$/.test(from),
        'must be an address or "Name <address>"',
      )
      .default(DEFAULT_MAIL_FROM),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * Which proxies' X-Forwarded-For to believe for the client address (sign-in limits, audit log): `false`,
     * `true` (any peer), or comma-separated addresses and CIDR ranges.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .refine(
        (value) =>
          /^(true|false)$/i.test(value) ||
          value
            .split(',')
            .every((item) => /^(loopback|linklocal|uniquelocal|[0-9a-f:.]+(\/\d{1,3})?)$/i.test(item.trim())),
        'must be true, false, or comma-separated IP addresses or CIDR ranges',
      )
      .transform((value): boolean | string =>
        /^(true|false)$/i.test(value) ? value.toLowerCase() === 'true' : value,
      )
      .default(false),
  })
  .refine((env) => Boolean(env.ADMIN_EMAIL) === Boolean(env.ADMIN_PASSWORD), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  })
  .refine((env) => Boolean(env.OPERATOR_EMAIL) === Boolean(env.OPERATOR_PASSWORD), {
    message: 'OPERATOR_EMAIL and OPERATOR_PASSWORD must be set together',
    path: ['OPERATOR_PASSWORD'],
  })
  // A real vendor would be given localhost, which reaches nobody: links in invitation mails, the webhook Vapi
  // calls, the status callback Twilio calls (and the URL it signs inbound texts with).
  .refine(
    (env) =>
      env.PUBLIC_BASE_URL !== undefined ||
      !(env.SMTP_URL || env.VAPI_API_KEY || (env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN)),
    {
      message:
        'must be set when SMTP_URL, VAPI_API_KEY or Twilio is: invitation links and the webhooks the vendors ' +
        `call point at it (unset it is ${DEFAULT_PUBLIC_BASE_URL})`,
      path: ['PUBLIC_BASE_URL'],
    },
  )
  .refine((env) => !(env.NODE_ENV === 'production' && env.SEED_DEMO), {
    message: 'the demo practices and logins are never seeded in production (NODE_ENV=production)',
    path: ['SEED_DEMO'],
  })
  // Production is not the demo (issue 22): only development seeds it unless asked.
  .transform((env) => ({
    ...env,
    SEED_DEMO: env.SEED_DEMO ?? env.NODE_ENV === 'development',
    PUBLIC_BASE_URL: env.PUBLIC_BASE_URL ?? DEFAULT_PUBLIC_BASE_URL,
  }));

export type Env = z.infer<typeof EnvSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the environment once at boot; every problem is reported together. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  return parsed.data;
}
