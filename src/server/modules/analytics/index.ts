import type { AppModule } from '../../app-types';
import type { Db } from '../../db/client';
import { createAnalyticsRepo } from './analytics.repo';
import { registerAnalyticsRoutes } from './analytics.routes';
import { createAnalyticsService, type AnalyticsService } from './analytics.service';

export interface AnalyticsModuleDeps {
  db: Db;
  now?: () => Date;
}

/** Analytics (issue 25, ADR 057): grouped reads over calls, visits, reminders and callbacks; values per type. */
export function createAnalyticsModule(deps: AnalyticsModuleDeps): AppModule<AnalyticsService> {
  const service = createAnalyticsService(createAnalyticsRepo(deps.db), deps.now);
  return { name: 'analytics', service, routes: (app) => registerAnalyticsRoutes(app, service) };
}
