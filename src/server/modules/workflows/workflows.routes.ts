import type { AuditAction } from '#shared/schemas/audit';
import { SuccessResponseSchema } from '#shared/schemas/common';
import {
  CreateWorkflowInputSchema,
  WorkflowIdParamsSchema,
  WorkflowListResponseSchema,
  WorkflowResponseSchema,
} from '#shared/schemas/workflows';
import type { App } from '../../app-types';
import { practiceOf, viewer } from '../../plugins/auth';
import type { WorkflowsService } from './workflows.service';

const manage = (action: AuditAction) =>
  ({ access: 'workflows:manage', audit: { action, resourceType: 'workflow' } }) as const;

export function registerWorkflowRoutes(app: App, workflows: WorkflowsService): void {
  app.get(
    '/api/workflows',
    { config: { access: 'workflows:view' }, schema: { response: { 200: WorkflowListResponseSchema } } },
    async (request) => ({ workflows: await workflows.list(viewer(request)) }),
  );

  app.post(
    '/api/workflows',
    {
      config: manage('workflow.create'),
      schema: { body: CreateWorkflowInputSchema, response: { 200: WorkflowResponseSchema } },
    },
    async (request) => {
      const workflow = await workflows.create(practiceOf(request), request.body);
      request.auditResourceId = workflow.id;
      return { success: true as const, workflow };
    },
  );

  app.delete(
    '/api/workflows/:id',
    {
      config: manage('workflow.delete'),
      schema: { params: WorkflowIdParamsSchema, response: { 200: SuccessResponseSchema } },
    },
    async (request) => {
      await workflows.remove(practiceOf(request), request.params.id);
      return { success: true as const };
    },
  );
}
