import { WorkflowsScreen } from '../../features/workflows';

/** Anyone the guard lets in (admins, sub users with canWorkflows) may create and delete workflows. */
export function WorkflowsRoute() {
  return <WorkflowsScreen />;
}
