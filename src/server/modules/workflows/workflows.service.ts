import { WORKFLOW_MESSAGES, type CreateWorkflowInputSchema } from '#shared/schemas/workflows';
import type { z } from 'zod';
import { notFound } from '../../errors';
import type { Viewer } from '../../plugins/auth';
import { visibleWorkflows } from '../scope';
import type { WorkflowsRepo } from './workflows.repo';

/** Our own flow definitions: stored here, nothing on the voice platform (its workflows were retired). */
export function createWorkflowsService(repo: WorkflowsRepo) {
  return {
    list: (viewer: Viewer) => repo.list(visibleWorkflows(viewer.principal)),
    create: (input: z.output<typeof CreateWorkflowInputSchema>) => repo.insert(input),
    async remove(id: string): Promise<void> {
      if (!(await repo.remove(id))) throw notFound(WORKFLOW_MESSAGES.notFound);
    },
  };
}

export type WorkflowsService = ReturnType<typeof createWorkflowsService>;
