import { z } from 'zod';

/**
 * Our own flow definitions (the voice platform retired its workflows on 2026-08-18): named steps joined
 * by edges. A node is a conversation step, a tool call, a transfer or the end of the call.
 */
export const WORKFLOW_NODE_TYPES = ['start', 'conversation', 'tool', 'transfer', 'end'] as const;

export const WORKFLOW_MESSAGES = {
  created: 'Workflow created successfully',
  deleted: 'Workflow deleted successfully',
  createFailed: 'Failed to create workflow',
  deleteFailed: 'Failed to delete workflow',
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 80 characters',
  duplicateNode: 'Node ids must be unique',
  unknownEdgeNode: 'An edge refers to a node that does not exist',
  notFound: 'Workflow not found',
} as const;

const M = WORKFLOW_MESSAGES;

export const WorkflowNodeSchema = z.object({
  id: z.string().trim().min(1).max(80),
  type: z.enum(WORKFLOW_NODE_TYPES),
  label: z.string().max(200),
  /** What the assistant says or does in this step. */
  prompt: z.string().max(5000).optional(),
});
export type WorkflowNode = z.infer<typeof WorkflowNodeSchema>;

export const WorkflowEdgeSchema = z.object({
  from: z.string().min(1).max(80),
  to: z.string().min(1).max(80),
  /** When the step is taken, in words the model judges ("caller has an emergency"). */
  condition: z.string().max(1000).optional(),
});
export type WorkflowEdge = z.infer<typeof WorkflowEdgeSchema>;

/** Nodes and edges together: ids unique, every edge between existing nodes. */
export const WorkflowGraphSchema = z
  .object({
    nodes: z.array(WorkflowNodeSchema).max(200),
    edges: z.array(WorkflowEdgeSchema).max(500),
  })
  .superRefine((graph, ctx) => {
    const ids = new Set<string>();
    graph.nodes.forEach((node, index) => {
      if (ids.has(node.id))
        ctx.addIssue({ code: 'custom', message: M.duplicateNode, path: ['nodes', index, 'id'] });
      ids.add(node.id);
    });
    graph.edges.forEach((edge, index) => {
      if (!ids.has(edge.from) || !ids.has(edge.to)) {
        ctx.addIssue({ code: 'custom', message: M.unknownEdgeNode, path: ['edges', index] });
      }
    });
  });

/** POST /api/workflows: the dialog sends only the name; nodes and edges default to empty. */
export const CreateWorkflowInputSchema = z
  .object({
    name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(80, M.nameTooLong),
    nodes: z.array(WorkflowNodeSchema).max(200).default([]),
    edges: z.array(WorkflowEdgeSchema).max(500).default([]),
  })
  .superRefine((input, ctx) => {
    const result = WorkflowGraphSchema.safeParse({ nodes: input.nodes, edges: input.edges });
    if (!result.success) for (const issue of result.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
  });
export type CreateWorkflowInput = z.input<typeof CreateWorkflowInputSchema>;

export const WorkflowIdParamsSchema = z.object({ id: z.uuid({ error: M.notFound }) });

/** A workflow without steps is a draft: nothing for the receptionist to follow yet. */
export const WORKFLOW_STATUSES = ['draft', 'active'] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];
export const workflowStatus = (nodes: readonly unknown[]): WorkflowStatus =>
  nodes.length > 0 ? 'active' : 'draft';

export const WorkflowSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(WORKFLOW_STATUSES),
  nodes: z.array(WorkflowNodeSchema),
  edges: z.array(WorkflowEdgeSchema),
  createdAt: z.iso.datetime(),
});
export type Workflow = z.infer<typeof WorkflowSchema>;

export const WorkflowListResponseSchema = z.object({ workflows: z.array(WorkflowSchema) });
export type WorkflowListResponse = z.infer<typeof WorkflowListResponseSchema>;

export const WorkflowResponseSchema = z.object({ success: z.literal(true), workflow: WorkflowSchema });
export type WorkflowResponse = z.infer<typeof WorkflowResponseSchema>;
