import type { AppModule } from '../../app-types';
import type { Db } from '../../db/client';
import { createWorkflowsRepo } from './workflows.repo';
import { registerWorkflowRoutes } from './workflows.routes';
import { createWorkflowsService, type WorkflowsService } from './workflows.service';

/** Workflows. */
export function createWorkflowsModule(deps: { db: Db }): AppModule<WorkflowsService> {
  const service = createWorkflowsService(createWorkflowsRepo(deps.db));
  return { name: 'workflows', service, routes: (app) => registerWorkflowRoutes(app, service) };
}
