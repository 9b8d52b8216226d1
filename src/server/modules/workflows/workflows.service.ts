import { WORKFLOW_MESSAGES, type CreateWorkflowInputSchema } from '#shared/schemas/workflows';
import type { z } from 'zod';
import { notFound } from '../../errors';
import type { Viewer } from '../../plugins/auth';
import type { PracticeContext } from '../../practice';
import { visibleWorkflows } from '../scope';
import type { WorkflowsRepo } from './workflows.repo';

/** Our own flow definitions: stored here, nothing on the voice platform (its workflows were retired). */
export function createWorkflowsService(repo: WorkflowsRepo) {
  return {
    list: (viewer: Viewer) => repo.list(viewer.practice.id, visibleWorkflows(viewer.principal)),
    create: (practice: PracticeContext, input: z.output<typeof CreateWorkflowInputSchema>) =>
      repo.insert(practice.id, input),
    async remove(practice: PracticeContext, id: string): Promise<void> {
      if (!(await repo.remove(practice.id, id))) throw notFound(WORKFLOW_MESSAGES.notFound);
    },
  };
}

export type WorkflowsService = ReturnType<typeof createWorkflowsService>;
