import { AssistantListResponseSchema } from '#shared/schemas/assistants';
import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import { requireAuth } from '../../plugins/auth';
import { assignedAssistants } from '../scope';
import { createAssistantsRepo } from './assistants.repo';

export function registerAssistantRoutes(app: App, db: Db): void {
  const repo = createAssistantsRepo(db);
  app.get(
    '/api/assistants',
    { schema: { response: { 200: AssistantListResponseSchema } } },
    async (request) => ({
      assistants: await repo.list(assignedAssistants(requireAuth(request).principal)),
    }),
  );
}
