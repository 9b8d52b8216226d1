import type { AppModule } from '../../app-types';
import type { TableChanges } from '../../db/changes';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events';
import { createCallSimulator, type SimulatorDeps } from './call-simulator';
import { createCallsRepo } from './calls.repo';
import { registerCallRoutes } from './calls.routes';
import { createCallsService, type CallsService } from './calls.service';

export interface CallsModuleDeps {
  db: Db;
  changes?: TableChanges;
  /** Every stored report is published (`call.updated`, `call.ended`). */
  events: EventBus;
  /** The console's call simulator posts to this app's webhook with this secret. */
  simulator: Pick<SimulatorDeps, 'practiceFor' | 'secret'>;
  now?: () => Date;
}

/** Call Logs and the ingest of the voice platform's call reports (ADR 037, 039). */
export function createCallsModule(deps: CallsModuleDeps): AppModule<CallsService> {
  const now = deps.now ?? (() => new Date());
  const service = createCallsService(createCallsRepo(deps.db), now, deps.events);
  return {
    name: 'calls',
    service,
    routes(app) {
      const simulator = createCallSimulator({ app, db: deps.db, ...deps.simulator, now });
      registerCallRoutes(app, service, simulator, deps.changes);
    },
  };
}
