import type { Workflow } from '#shared/schemas/workflows';
import { Badge } from '../../../components/ui/badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';

const TYPE_LABEL: Record<Workflow['nodes'][number]['type'], string> = {
  start: 'Start',
  conversation: 'Conversation',
  tool: 'Tool',
  transfer: 'Transfer',
  end: 'End',
};

/** A read-only view of a workflow: its steps top to bottom, each with the connections leaving it. */
export function WorkflowStepsDialog({
  workflow,
  onOpenChange,
}: {
  workflow: Workflow | undefined;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={Boolean(workflow)} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[85vh] max-w-lg overflow-y-auto">
        {workflow && <WorkflowSteps workflow={workflow} />}
      </DialogContent>
    </Dialog>
  );
}

function WorkflowSteps({ workflow }: { workflow: Workflow }) {
  const labelOf = (id: string) => workflow.nodes.find((node) => node.id === id)?.label || id;
  return (
    <>
      <DialogHeader>
        <DialogTitle className="break-words">{workflow.name}</DialogTitle>
        <DialogDescription>
          {workflow.nodes.length === 0
            ? 'This workflow has no steps yet, so it is a draft.'
            : 'The steps of this workflow and how one leads to the next.'}
        </DialogDescription>
      </DialogHeader>
      {workflow.nodes.length > 0 && (
        <ol aria-label="Steps" className="grid gap-3">
          {workflow.nodes.map((node, index) => {
            const next = workflow.edges.filter((edge) => edge.from === node.id);
            return (
              <li key={node.id} className="rounded-md border border-slate-200 p-3">
                <div className="flex items-start justify-between gap-2">
                  <p className="font-medium break-words text-slate-900">
                    {index + 1}. {node.label || node.id}
                  </p>
                  <Badge variant="secondary">{TYPE_LABEL[node.type]}</Badge>
                </div>
                {node.prompt && <p className="mt-1 text-sm break-words text-slate-600">{node.prompt}</p>}
                {next.length > 0 && (
                  <ul aria-label={`Connections from ${node.label || node.id}`} className="mt-2 grid gap-1">
                    {next.map((edge, i) => (
                      <li key={i} className="text-sm break-words text-slate-700">
                        → {labelOf(edge.to)}
                        {edge.condition && <span className="text-slate-500"> (when {edge.condition})</span>}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </>
  );
}
