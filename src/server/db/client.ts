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

/**
 * How long a request may wait or run before it fails and lets the others go on (ADR 038). 0 turns one off
 * (for the statement and idle limits PostgreSQL's own setting then applies).
 */
export interface DbTimeouts {
  /** Waiting for a pooled connection (or opening one); then a 503 "busy, try again" (`db/busy.ts`). */
  acquireMs: number;
  /** One statement; PostgreSQL cancels it (57014). */
  statementMs: number;
  /** A transaction doing nothing; PostgreSQL ends the session and so frees its locks and connection. */
  idleInTransactionMs: number;
}

export const DEFAULT_DB_TIMEOUTS: DbTimeouts = {
  acquireMs: 10_000,
  statementMs: 30_000,
  idleInTransactionMs: 60_000,
};

export function connectDatabase(url: string, poolSize = 10, timeouts: Partial<DbTimeouts> = {}): Database {
  const { acquireMs, statementMs, idleInTransactionMs } = { ...DEFAULT_DB_TIMEOUTS, ...timeouts };
  const changes = createChangeFeed({
    connect: () => new pg.Client({ connectionString: url }),
    probe: (payload) => pool.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, payload]),
  });
  const pool: pg.Pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: acquireMs,
    // Sent when each connection opens, so an external PostgreSQL gets them too, whatever its own settings.
    statement_timeout: statementMs,
    idle_in_transaction_session_timeout: idleInTransactionMs,
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

/**
 * Applies committed migrations; an advisory lock keeps several instances from racing. They run on the
 * connection holding the lock, without the statement timeout: waiting for another instance's migrations, or
 * building an index on a big table, may take longer than any request should.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [LOCKS.migrations]);
    await migrate(drizzle({ client, schema, casing: 'snake_case' }), { migrationsFolder: migrationsDir });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [LOCKS.migrations]).catch(() => undefined);
    // Not back to the pool without its timeout.
    client.release(true);
  }
}
