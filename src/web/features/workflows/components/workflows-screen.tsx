import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { WORKFLOW_MESSAGES as M, type Workflow } from '#shared/schemas/workflows';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ListError, ListEmpty } from '../../../components/list-states';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { deleteToasts } from '../../../components/mutation-toasts';
import { useDeleteWorkflow } from '../api/delete-workflow';
import { useWorkflows } from '../api/get-workflows';
import { CreateWorkflowDialog } from './create-workflow-dialog';
import { WorkflowStepsDialog } from './workflow-steps-dialog';
import { useFocusAfterRemoval } from '../../../lib/use-focus-after-removal';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function WorkflowsScreen() {
  const { data, isLoading, error, refetch } = useWorkflows();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Workflow>();
  const [viewing, setViewing] = useState<Workflow>();
  const remove = useDeleteWorkflow();
  const workflows = data?.workflows ?? [];
  const keepFocus = useFocusAfterRemoval<HTMLUListElement>(workflows.map((item) => item.id));

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(
      deleting.id,
      deleteToasts(M, () => setDeleting(undefined)),
    );
  }

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Workflows"
        description="Call flows the receptionist follows."
        action={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            Create Workflow
          </Button>
        }
      />

      {isLoading ? (
        <Spinner label="Loading workflows" />
      ) : error ? (
        <ListError error={error} prefix="Could not load workflows: " onRetry={refetch} />
      ) : workflows.length === 0 ? (
        <ListEmpty>
          <p className="font-medium text-slate-900">No workflows yet</p>
          <p className="text-sm text-slate-600">Create a workflow to give it a name.</p>
        </ListEmpty>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Workflows" {...keepFocus}>
          {workflows.map((workflow) => (
            <li key={workflow.id} data-item-id={workflow.id}>
              <Card>
                <CardHeader>
                  <div className="flex items-start justify-between gap-2">
                    <CardTitle className="break-words">{workflow.name}</CardTitle>
                    {workflow.status === 'active' ? (
                      <Badge variant="success">Active</Badge>
                    ) : (
                      <Badge variant="secondary">Draft</Badge>
                    )}
                  </div>
                  <CardDescription>
                    {count(workflow.nodes.length, 'node', 'nodes')} ·{' '}
                    {count(workflow.edges.length, 'connection', 'connections')}
                  </CardDescription>
                </CardHeader>
                <CardContent className="flex justify-between gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`View steps of ${workflow.name}`}
                    onClick={() => setViewing(workflow)}
                  >
                    View steps
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete ${workflow.name}`}
                    onClick={() => setDeleting(workflow)}
                  >
                    <Trash2 aria-hidden="true" className="text-red-600" />
                  </Button>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}

      <CreateWorkflowDialog open={creating} onOpenChange={setCreating} />
      <WorkflowStepsDialog workflow={viewing} onOpenChange={(open) => !open && setViewing(undefined)} />
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete Workflow"
        message={`Are you sure you want to delete "${deleting?.name ?? ''}"?`}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onOpenChange={(open) => !open && setDeleting(undefined)}
      />
    </div>
  );
}
