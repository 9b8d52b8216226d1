import type { AppModule } from '../../app-types';
import type { TableChanges } from '../../db/changes';
import type { Db } from '../../db/client';
import type { Integrations } from '../../integrations/index';
import { createConnectorsRepo } from './connectors.repo';
import { registerConnectorRoutes } from './connectors.routes';
import { createConnectorsService, type ConnectorsService } from './connectors.service';

/** The practice-management accounts (Linked Accounts). */
export function createConnectorsModule(deps: {
  db: Db;
  changes?: TableChanges;
  integrations: Pick<Integrations, 'prepare'>;
}): AppModule<ConnectorsService> {
  const service = createConnectorsService(createConnectorsRepo(deps.db, deps.changes), deps.integrations);
  return { name: 'connectors', service, routes: (app) => registerConnectorRoutes(app, service) };
}
