import type { AppModule } from '../../app-types';
import type { Db } from '../../db/client';
import { createPracticesRepo } from './practices.repo';
import { registerPracticeRoutes } from './practices.routes';
import { createPracticesService, type InviteFirstAdmin, type PracticesService } from './practices.service';

/** The operator's practices: list, create with the first admin's invitation, suspend and reactivate. */
export function createPracticesModule(deps: {
  db: Db;
  invite: InviteFirstAdmin;
  now?: () => Date;
}): AppModule<PracticesService> {
  const service = createPracticesService(createPracticesRepo(deps.db), deps.invite, deps.now);
  return { name: 'practices', service, routes: (app) => registerPracticeRoutes(app, service) };
}
