import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkflowListResponseSchema, WorkflowResponseSchema } from '#shared/schemas/workflows';
import { parseResponse } from '../../test/parse-response';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
});
afterAll(() => t.close());

const create = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/workflows', headers: bearer(admin), payload });

describe('a workflow is a draft until it has steps', () => {
  it('answers a new workflow with only a name as "draft"', async () => {
    const { workflow } = parseResponse(await create({ name: 'Empty shell' }), WorkflowResponseSchema);
    expect(workflow.status).toBe('draft');
  });

  it('answers a workflow with steps as "active", in the list too', async () => {
    const { workflow } = parseResponse(
      await create({
        name: 'Two steps',
        nodes: [
          { id: 'start', type: 'start', label: 'Greet' },
          { id: 'end', type: 'end', label: 'Goodbye' },
        ],
        edges: [{ from: 'start', to: 'end' }],
      }),
      WorkflowResponseSchema,
    );
    expect(workflow.status).toBe('active');
    const { workflows } = parseResponse(
      await t.app.inject({ method: 'GET', url: '/api/workflows', headers: bearer(admin) }),
      WorkflowListResponseSchema,
    );
    const byName = Object.fromEntries(workflows.map((w) => [w.name, w.status]));
    expect(byName).toMatchObject({ 'Empty shell': 'draft', 'Two steps': 'active' });
  });
});
