import { CallListResponseSchema } from '#shared/schemas/calls';
import type { App } from '../../app-types';
import type { TableChanges } from '../../db/changes';
import type { Db } from '../../db/client';
import { requireAuth } from '../../plugins/auth';
import { visibleCallNumbers } from '../scope';
import { createCallsRepo } from './calls.repo';

export function registerCallRoutes(app: App, db: Db, changes?: TableChanges): void {
  const repo = createCallsRepo(db, changes);
  app.get('/api/calls', { schema: { response: { 200: CallListResponseSchema } } }, async (request) => ({
    calls: await repo.list(visibleCallNumbers(requireAuth(request).principal)),
  }));
}
