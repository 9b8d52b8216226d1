import { and, asc, eq } from 'drizzle-orm';
import {
  workflowStatus,
  type Workflow,
  type WorkflowEdge,
  type WorkflowNode,
} from '#shared/schemas/workflows';
import type { Db } from '../../db/client';
import { workflows } from '../../db/schema/index';
import { inScope } from '../../db/scope-filter';
import type { Scope } from '../scope';

function toWorkflow(row: typeof workflows.$inferSelect): Workflow {
  return {
    id: row.id,
    name: row.name,
    status: workflowStatus(row.nodes),
    nodes: row.nodes,
    edges: row.edges,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createWorkflowsRepo(db: Db) {
  return {
    async list(practiceId: string, scope: Scope): Promise<Workflow[]> {
      const rows = await db
        .select()
        .from(workflows)
        .where(and(eq(workflows.practiceId, practiceId), inScope(workflows.id, scope)))
        .orderBy(asc(workflows.createdAt), asc(workflows.id));
      return rows.map(toWorkflow);
    },

    async insert(
      practiceId: string,
      values: { name: string; nodes: WorkflowNode[]; edges: WorkflowEdge[] },
    ): Promise<Workflow> {
      const [row] = await db
        .insert(workflows)
        .values({ ...values, practiceId })
        .returning();
      return toWorkflow(row!);
    },

    async remove(practiceId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(workflows)
        .where(and(eq(workflows.practiceId, practiceId), eq(workflows.id, id)))
        .returning({ id: workflows.id });
      return rows.length > 0;
    },
  };
}

export type WorkflowsRepo = ReturnType<typeof createWorkflowsRepo>;
