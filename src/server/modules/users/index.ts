import type { AppModule } from '../../app-types';
import type { Db } from '../../db/client';
import type { AuthService } from '../auth/auth.service';
import { createUsersRepo } from './users.repo';
import { registerUserRoutes } from './users.routes';
import { createUsersService, type UsersService } from './users.service';

/** User Management. */
export function createUsersModule(deps: {
  db: Db;
  auth: Pick<AuthService, 'endUserSessions'>;
}): AppModule<UsersService> {
  const service = createUsersService(createUsersRepo(deps.db), deps.auth);
  return { name: 'users', service, routes: (app) => registerUserRoutes(app, service) };
}
