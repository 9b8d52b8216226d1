import { asc } from 'drizzle-orm';
import { WorkflowListResponseSchema } from '#shared/schemas/workflows';
import type { App } from '../../app-types';
import type { Db } from '../../db/client';
import { workflows } from '../../db/schema/index';
import { inScope } from '../../db/scope-filter';
import { requireAuth } from '../../plugins/auth';
import { visibleWorkflows } from '../scope';

export function registerWorkflowRoutes(app: App, db: Db): void {
  app.get(
    '/api/workflows',
    { schema: { response: { 200: WorkflowListResponseSchema } } },
    async (request) => {
      const rows = await db
        .select()
        .from(workflows)
        .where(inScope(workflows.id, visibleWorkflows(requireAuth(request).principal)))
        .orderBy(asc(workflows.createdAt));
      return { workflows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
    },
  );
}
