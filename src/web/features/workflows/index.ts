/** What routes and other features may use from the workflows feature. */
export { workflowsQueryOptions, useWorkflows } from './api/get-workflows';
export { WorkflowsScreen } from './components/workflows-screen';
