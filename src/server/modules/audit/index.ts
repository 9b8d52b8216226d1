import type { AppModule } from '../../app-types';
import type { Db } from '../../db/client';
import { createAuditRepo } from './audit.repo';
import { registerAuditRoutes } from './audit.routes';
import { createAuditService, type AuditService } from './audit.service';

/** The append-only audit log and its screen. */
export function createAuditModule(deps: { db: Db; now?: () => Date }): AppModule<AuditService> {
  const service = createAuditService(createAuditRepo(deps.db), deps.now);
  return { name: 'audit', service, routes: (app) => registerAuditRoutes(app, service) };
}
