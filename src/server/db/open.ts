import { connectDatabase, migrateDatabase, type Database, type DbTimeouts } from './client';
import { startEmbeddedPostgres } from './embedded-postgres';

export interface OpenedDatabase extends Database {
  url: string;
  embedded: boolean;
}

/** The external PostgreSQL at DATABASE_URL, or the embedded one in DATA_DIR; migrated either way. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  timeouts?: Partial<DbTimeouts>;
}): Promise<OpenedDatabase> {
  const embedded = options.databaseUrl ? undefined : await startEmbeddedPostgres(options.dataDir);
  const url = options.databaseUrl ?? embedded!.url;
  const database = connectDatabase(url, options.poolSize, options.timeouts);
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close();
    await embedded?.stop();
    throw error;
  }
  return {
    ...database,
    url,
    embedded: Boolean(embedded),
    close: async () => {
      await database.close();
      await embedded?.stop();
    },
  };
}
