import { z } from 'zod';

export const WorkflowSchema = z.object({
  id: z.string(),
  name: z.string(),
  nodes: z.array(z.unknown()),
  edges: z.array(z.unknown()),
  createdAt: z.iso.datetime(),
});
export type Workflow = z.infer<typeof WorkflowSchema>;

export const WorkflowListResponseSchema = z.object({ workflows: z.array(WorkflowSchema) });
export type WorkflowListResponse = z.infer<typeof WorkflowListResponseSchema>;
