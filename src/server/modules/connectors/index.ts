import type { AppModule } from '../../app-types';
import type { TableChanges } from '../../db/changes';
import type { Db } from '../../db/client';
import { createConnectorsRepo } from './connectors.repo';
import { registerConnectorRoutes } from './connectors.routes';
import { createConnectorsService, type ConnectorsService } from './connectors.service';

/** The practice-management accounts (Linked Accounts). */
export function createConnectorsModule(deps: {
  db: Db;
  changes?: TableChanges;
}): AppModule<ConnectorsService> {
  const service = createConnectorsService(createConnectorsRepo(deps.db, deps.changes));
  return { name: 'connectors', service, routes: (app) => registerConnectorRoutes(app, service) };
}
