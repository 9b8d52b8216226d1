import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, inject } from 'vitest';
import { connectDatabase } from './db/client';
import { freeLoopbackPort } from './db/embedded-postgres';
import { DEMO_LOGIN_EMAILS, demoLoginsIn } from './db/seed/demo-logins';
import {
  DEMO_ADMIN,
  DEMO_FRONT_DESK,
  DEMO_OPERATOR,
  DEMO_VET_ADMIN,
  seedDemoPractice,
} from './db/seed/demo-practice';

/**
 * Production is not the demo (issue 22): the server as `npm start` runs it (src/server/server.ts in a child
 * process), on a database of its own made from the migrated template.
 */
const root = path.resolve(import.meta.dirname, '../..');
const DEMO_PASSWORDS = [DEMO_ADMIN, DEMO_FRONT_DESK, DEMO_VET_ADMIN, DEMO_OPERATOR].map((l) => l.password);
const databases: string[] = [];
const children: ChildProcess[] = [];

async function freshDatabase(): Promise<string> {
  const name = `servc_start_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: inject('databaseUrl') });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
  await admin.end();
  databases.push(name);
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  const admin = new pg.Client({ connectionString: inject('databaseUrl') });
  await admin.connect();
  for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

interface Started {
  child: ChildProcess;
  output: () => string;
  port: number;
}

async function startServer(env: Record<string, string>): Promise<Started> {
  const port = await freeLoopbackPort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      OUTBOUND_CAMPAIGNS_PAUSED: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, output: () => output, port };
}

/** Until the banner is out (ready) or the process has exited. */
async function settled({ child, output }: Started): Promise<'ready' | number> {
  for (let waited = 0; waited < 60_000; waited += 100) {
    if (output().includes('Servc is ready')) return 'ready';
    if (child.exitCode !== null) return child.exitCode;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server neither started nor exited:\n${output()}`);
}

async function stop({ child }: Started) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

async function demoLoginsOf(url: string): Promise<string[]> {
  const database = connectDatabase(url, 1);
  try {
    return await demoLoginsIn(database.db);
  } finally {
    await database.close();
  }
}

describe('starting the server', { timeout: 120_000 }, () => {
  it('refuses production (exit 1, a clear message) when the database holds a demo login', async () => {
    const url = await freshDatabase();
    const database = connectDatabase(url, 2);
    await seedDemoPractice(database.db);
    await database.close();

    const server = await startServer({ NODE_ENV: 'production', DATABASE_URL: url });
    expect(await settled(server)).toBe(1);
    const output = server.output();
    expect(output).toContain('Servc could not start: the database holds demo logins (');
    expect(output).toContain(DEMO_ADMIN.email);
    expect(output).toContain('NODE_ENV=production never runs with them');
    for (const password of DEMO_PASSWORDS) expect(output).not.toContain(password);
  });

  it('never seeds the demo in production; ADMIN_EMAIL and OPERATOR_EMAIL make the real logins', async () => {
    const url = await freshDatabase();
    const server = await startServer({
      NODE_ENV: 'production',
      DATABASE_URL: url,
      ADMIN_EMAIL: 'owner@clinic.example',
      ADMIN_PASSWORD: 'correct horse battery',
      OPERATOR_EMAIL: 'ops@vendor.example',
      OPERATOR_PASSWORD: 'staple battery horse',
    });
    try {
      expect(await settled(server), server.output()).toBe('ready');
      expect(server.output()).not.toMatch(/demo/i);
      expect(await demoLoginsOf(url)).toEqual([]);
      const signIn = (email: string, password: string) =>
        fetch(`http://127.0.0.1:${server.port}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        }).then((response) => response.status);
      expect(await signIn('owner@clinic.example', 'correct horse battery')).toBe(200);
      expect(await signIn('ops@vendor.example', 'staple battery horse')).toBe(200);
      expect(await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password)).toBe(401);
    } finally {
      await stop(server);
    }
  });

  it('closes itself on SIGTERM, then exits 0: the audit log keeps the entry of a read answered just before', async () => {
    const url = await freshDatabase();
    const server = await startServer({ NODE_ENV: 'development', DATABASE_URL: url });
    expect(await settled(server), server.output()).toBe('ready');
    const base = `http://127.0.0.1:${server.port}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
    });
    const { sessionId } = (await login.json()) as { sessionId: string };
    // A read of patient data: its entry is written after the response, in a batch (ADR 061).
    const read = await fetch(`${base}/api/calls`, { headers: { authorization: `Bearer ${sessionId}` } });
    expect(read.status).toBe(200);
    server.child.kill('SIGTERM');
    const [code] = (await once(server.child, 'exit')) as [number | null];
    // async-exit-hook (loaded with embedded-postgres) would exit with 143 before the app had closed.
    expect(code, server.output()).toBe(0);
    expect(server.output()).not.toMatch(/"level":50/);
    const database = connectDatabase(url, 1);
    try {
      const { rows } = await database.pool.query<{ n: number }>(
        `select count(*)::int as n from audit_events where action = 'patient_data.read' and route = 'GET /api/calls'`,
      );
      expect(rows[0]!.n).toBe(1);
    } finally {
      await database.close();
    }
  });

  it('seeds the demo in development and says so in the banner, without a password', async () => {
    const url = await freshDatabase();
    const server = await startServer({ NODE_ENV: 'development', DATABASE_URL: url });
    try {
      expect(await settled(server), server.output()).toBe('ready');
      const output = server.output();
      expect(output).toContain('demo practices seeded');
      expect(output).toContain('Bright Smile Dental and Paws & Claws Veterinary');
      for (const email of DEMO_LOGIN_EMAILS) expect(output).toContain(email);
      for (const password of DEMO_PASSWORDS) expect(output).not.toContain(password);
      expect(await demoLoginsOf(url)).toEqual([...DEMO_LOGIN_EMAILS].sort());
    } finally {
      await stop(server);
    }
  });
});
