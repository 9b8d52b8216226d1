import type { AppModule } from '../../app-types';
import type { Db } from '../../db/client';
import { registerHealthRoutes } from './health.routes';

/** GET /api/health: the database answers. */
export const createHealthModule = (deps: { db: Db }): AppModule => ({
  name: 'health',
  service: undefined,
  routes: (app) => registerHealthRoutes(app, deps.db),
});
