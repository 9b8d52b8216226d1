import type { AppModule } from '../../app-types';
import type { Db } from '../../db/client';
import { createDemoRequestsRepo } from './demo-requests.repo';
import { registerDemoRequestRoutes } from './demo-requests.routes';
import { createDemoRequestsService, type DemoRequestsService } from './demo-requests.service';

/** The public site's demo requests and their inbox. */
export function createDemoRequestsModule(deps: { db: Db; now?: () => Date }): AppModule<DemoRequestsService> {
  const service = createDemoRequestsService(createDemoRequestsRepo(deps.db), deps.now);
  return { name: 'demo-requests', service, routes: (app) => registerDemoRequestRoutes(app, service) };
}
