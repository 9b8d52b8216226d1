import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { App } from '../../app-types';
import { BUSY_MESSAGE } from '../../db/busy';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';

const StatusSchema = z.object({ status: z.literal('ok') });

export function registerHealthRoutes(app: App, db: Db): void {
  app.get(
    '/api/health',
    { config: { public: true }, schema: { response: { 200: StatusSchema } } },
    async () => ({
      status: 'ok' as const,
    }),
  );

  app.get(
    '/api/ready',
    { config: { public: true }, schema: { response: { 200: StatusSchema } } },
    async () => {
      // Every connection in use: say so at once, rather than queue behind the requests holding them.
      const pool = db.$client;
      if (pool.idleCount === 0 && pool.totalCount >= (pool.options.max ?? 10)) {
        throw new AppError(503, 'unavailable', BUSY_MESSAGE, undefined, { 'retry-after': '1' });
      }
      try {
        await db.execute(sql`select 1`);
      } catch {
        throw new AppError(503, 'unavailable', 'The database is not reachable.');
      }
      return { status: 'ok' as const };
    },
  );
}
