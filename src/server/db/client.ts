import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsDir } from '../paths';
import { LOCKS } from './locks';
import { CHANGE_CHANNEL, changeReportingClient, createChangeFeed, type ChangeFeed } from './changes';
import * as schema from './schema/index';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** An open transaction (or savepoint) on `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Where queries can run: the pool, or inside a transaction. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** For the read caches; listening once `start()`ed. */
  changes: ChangeFeed;
  close(): Promise<void>;
}

export function connectDatabase(url: string, poolSize = 10): Database {
  const changes = createChangeFeed({
    connect: () => new pg.Client({ connectionString: url }),
    probe: (payload) => pool.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, payload]),
  });
  const pool: pg.Pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    Client: changeReportingClient(changes.wrote),
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  return {
    db,
    pool,
    changes,
    close: async () => {
      await changes.close();
      await pool.end();
    },
  };
}

/** Applies committed migrations; an advisory lock keeps several instances from racing. */
export async function migrateDatabase(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [LOCKS.migrations]);
    await migrate(database.db, { migrationsFolder: migrationsDir });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [LOCKS.migrations]).catch(() => undefined);
    client.release();
  }
}
