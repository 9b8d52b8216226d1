import type { AppModule } from '../../app-types';
import type { TableChanges } from '../../db/changes';
import type { Db } from '../../db/client';
import type { AuditService } from '../audit/audit.service';
import { createAuthRepo } from './auth.repo';
import { registerAuthRoutes } from './auth.routes';
import { createAuthService, type AuthService, type SessionPolicy } from './auth.service';

export interface AuthModuleDeps {
  db: Db;
  changes?: TableChanges;
  session: SessionPolicy;
  audit: Pick<AuditService, 'record'>;
  now?: () => Date;
}

/** Sign-in, sessions and sign-out (the session check itself is the auth plugin, given this service). */
export function createAuthModule(deps: AuthModuleDeps): AppModule<AuthService> {
  const service = createAuthService(
    createAuthRepo(deps.db, deps.changes),
    deps.session,
    deps.audit,
    deps.now,
  );
  return { name: 'auth', service, routes: (app) => registerAuthRoutes(app, service) };
}
