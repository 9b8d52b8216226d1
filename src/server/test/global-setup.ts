import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase, migrateDatabase } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    templateDatabase: string;
  }
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * One PostgreSQL for the whole API run: TEST_DATABASE_URL when set (e.g. Debian's PostgreSQL 15),
 * else an embedded one in a temporary folder. A migrated template makes each test file's fresh database cheap.
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  const dataDir = external ? undefined : mkdtempSync(path.join(tmpdir(), 'servc-test-'));
  // The embedded server runs as the postgres user, which must be able to enter the folder.
  if (dataDir) chmodSync(dataDir, 0o755);
  const embedded = dataDir ? await startEmbeddedPostgres(dataDir) : undefined;
  const url = external ?? embedded!.url;
  const template = `servc_template_${process.pid}`;

  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const database = connectDatabase(withDatabase(url, template), 2);
  await migrateDatabase(database);
  await database.close();
  await admin.end();

  project.provide('databaseUrl', url);
  project.provide('templateDatabase', template);

  return async () => {
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    const leftovers = await cleanup.query<{ datname: string }>(
      `select datname from pg_database where datname like 'servc_t_${process.pid}_%' or datname = $1`,
      [template],
    );
    for (const { datname } of leftovers.rows)
      await cleanup.query(`drop database if exists ${datname} with (force)`);
    await cleanup.end();
    await embedded?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
