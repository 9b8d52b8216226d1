import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './env';

describe('loadEnv', () => {
  it('applies the documented defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      NODE_ENV: 'production',
      SEED_DEMO: false,
      OUTBOUND_CAMPAIGNS_PAUSED: false,
      SESSION_IDLE_MINUTES: 30,
      SESSION_MAX_HOURS: 12,
      LOG_LEVEL: 'info',
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('reads PUBLIC_BASE_URL without a trailing slash, defaulting to localhost', () => {
    expect(loadEnv({}).PUBLIC_BASE_URL).toBe('http://localhost:3000');
    expect(loadEnv({ PUBLIC_BASE_URL: 'https://servc.example/' }).PUBLIC_BASE_URL).toBe(
      'https://servc.example',
    );
    expect(() => loadEnv({ PUBLIC_BASE_URL: 'servc.example' })).toThrow(/PUBLIC_BASE_URL/);
  });

  it('seeds the demo in development or when asked, never in production', () => {
    expect(loadEnv({ NODE_ENV: 'development' }).SEED_DEMO).toBe(true);
    expect(loadEnv({ NODE_ENV: 'development', DATABASE_URL: 'postgres://u:p@db:5432/servc' }).SEED_DEMO).toBe(
      true,
    );
    expect(loadEnv({ NODE_ENV: 'development', SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(loadEnv({ NODE_ENV: 'test', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadEnv({ NODE_ENV: 'test' }).SEED_DEMO).toBe(false);
    // The embedded database used to seed it whatever NODE_ENV said.
    expect(loadEnv({ NODE_ENV: 'production' }).SEED_DEMO).toBe(false);
    expect(() => loadEnv({ SEED_DEMO: 'true' })).toThrow(
      'SEED_DEMO: the demo practices and logins are never seeded in production (NODE_ENV=production)',
    );
  });

  it('reads the database timeouts in milliseconds, 0 turning one off', () => {
    expect(loadEnv({})).toMatchObject({
      DB_ACQUIRE_TIMEOUT_MS: 10_000,
      DB_STATEMENT_TIMEOUT_MS: 30_000,
      DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: 60_000,
    });
    expect(loadEnv({ DB_ACQUIRE_TIMEOUT_MS: '2500', DB_STATEMENT_TIMEOUT_MS: '0' })).toMatchObject({
      DB_ACQUIRE_TIMEOUT_MS: 2500,
      DB_STATEMENT_TIMEOUT_MS: 0,
    });
    expect(() => loadEnv({ DB_ACQUIRE_TIMEOUT_MS: '-1' })).toThrow(/DB_ACQUIRE_TIMEOUT_MS/);
    expect(() => loadEnv({ DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '1.5s' })).toThrow(
      /DB_IDLE_IN_TRANSACTION_TIMEOUT_MS/,
    );
  });

  it('lists every problem at once', () => {
    try {
      loadEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', ADMIN_EMAIL: 'root@example.com', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/DATABASE_URL: must be a postgres/);
      expect(problems).toMatch(/LOG_LEVEL/);
      expect((error as ConfigError).problems.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('requires ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadEnv({ ADMIN_EMAIL: 'owner@practice.com' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
    expect(loadEnv({ ADMIN_EMAIL: 'owner@practice.com', ADMIN_PASSWORD: 'long-enough' }).ADMIN_EMAIL).toBe(
      'owner@practice.com',
    );
  });

  it('requires OPERATOR_EMAIL and OPERATOR_PASSWORD together', () => {
    expect(() => loadEnv({ OPERATOR_PASSWORD: 'long-enough' })).toThrow(
      /OPERATOR_EMAIL and OPERATOR_PASSWORD/,
    );
    expect(() => loadEnv({ OPERATOR_EMAIL: 'ops', OPERATOR_PASSWORD: 'long-enough' })).toThrow(
      /OPERATOR_EMAIL: must be an e-mail address/,
    );
    expect(loadEnv({ OPERATOR_EMAIL: 'ops@vendor.example', OPERATOR_PASSWORD: 'long-enough' })).toMatchObject(
      {
        OPERATOR_EMAIL: 'ops@vendor.example',
        OPERATOR_PASSWORD: 'long-enough',
      },
    );
  });

  it('takes the optional Kolla key and base URL and the voice webhook secret', () => {
    const env = loadEnv({
      KOLLA_API_KEY: 'kc.key',
      KOLLA_BASE_URL: 'https://unify.kolla.dev/dental/v1',
      VAPI_WEBHOOK_SECRET: 'a-long-shared-secret',
    });
    expect(env).toMatchObject({ KOLLA_API_KEY: 'kc.key', VAPI_WEBHOOK_SECRET: 'a-long-shared-secret' });
    expect(loadEnv({}).KOLLA_API_KEY).toBeUndefined();
    expect(() => loadEnv({ KOLLA_BASE_URL: 'not a url' })).toThrow(/KOLLA_BASE_URL/);
    expect(() => loadEnv({ VAPI_WEBHOOK_SECRET: 'short' })).toThrow(/VAPI_WEBHOOK_SECRET/);
  });

  it('takes SMTP_URL (smtp or smtps) and MAIL_FROM, defaulting to the sandbox and the Servc sender', () => {
    expect(loadEnv({}).SMTP_URL).toBeUndefined();
    expect(loadEnv({}).MAIL_FROM).toBe('Servc <no-reply@servc.example>');
    const env = loadEnv({
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      MAIL_FROM: 'Clinic <a@b.example>',
      PUBLIC_BASE_URL: 'https://console.servc.example',
    });
    expect(env).toMatchObject({
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
      MAIL_FROM: 'Clinic <a@b.example>',
    });
    expect(loadEnv({ MAIL_FROM: 'office@clinic.example' }).MAIL_FROM).toBe('office@clinic.example');
    expect(() => loadEnv({ SMTP_URL: 'https://smtp.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadEnv({ MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM/);
  });

  it.each([
    ['SMTP_URL', { SMTP_URL: 'smtp://mail.example.com:587' }],
    ['VAPI_API_KEY', { VAPI_API_KEY: 'vapi-private-key' }],
    ['Twilio', { TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef', TWILIO_AUTH_TOKEN: 'token' }],
  ])('refuses %s without PUBLIC_BASE_URL: the vendor would be given localhost', (_, smtp) => {
    expect(() => loadEnv(smtp)).toThrow(ConfigError);
    expect(() => loadEnv(smtp)).toThrow(
      /PUBLIC_BASE_URL: must be set when SMTP_URL, VAPI_API_KEY or Twilio is/,
    );
    // An empty value is unset, as everywhere in loadEnv.
    expect(() => loadEnv({ ...smtp, PUBLIC_BASE_URL: '' })).toThrow(/PUBLIC_BASE_URL/);
    expect(loadEnv({ ...smtp, PUBLIC_BASE_URL: 'https://console.servc.example/' }).PUBLIC_BASE_URL).toBe(
      'https://console.servc.example',
    );
    // With the sandboxes alone the default is enough (npm start, the tests).
    expect(loadEnv({}).PUBLIC_BASE_URL).toBe('http://localhost:3000');
  });

  it('reads TRUST_PROXY as a switch or a list of addresses', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toBe('10.0.0.0/8, 127.0.0.1');
    expect(() => loadEnv({ TRUST_PROXY: 'my-proxy.internal' })).toThrow(/TRUST_PROXY/);
  });
});
