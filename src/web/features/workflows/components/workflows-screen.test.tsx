import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Workflow } from '#shared/schemas/workflows';
import { mockApi, pending } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { WorkflowsScreen } from './workflows-screen';

const INTAKE: Workflow = {
  id: 'b1b2c3d4-0000-4000-8000-000000000001',
  name: 'New patient intake',
  status: 'active',
  nodes: [
    { id: 'start', type: 'start', label: 'Greet' },
    { id: 'ask', type: 'conversation', label: 'Ask for details' },
    { id: 'end', type: 'end', label: 'Goodbye' },
  ],
  edges: [
    { from: 'start', to: 'ask' },
    { from: 'ask', to: 'end', condition: 'the caller gave a name' },
  ],
  createdAt: '2026-11-01T10:00:00.000Z',
};

const SHELL: Workflow = {
  id: 'b1b2c3d4-0000-4000-8000-000000000002',
  name: 'Empty shell',
  status: 'draft',
  nodes: [],
  edges: [],
  createdAt: '2026-11-02T10:00:00.000Z',
};

describe('WorkflowsScreen', () => {
  it('shows a spinner while the list loads', () => {
    mockApi({ 'GET /api/workflows': pending });
    renderWithApp(<WorkflowsScreen />);
    expect(screen.getByRole('status').textContent).toContain('Loading workflows');
  });

  it('says there are none yet', async () => {
    mockApi({ 'GET /api/workflows': { body: { workflows: [] } } });
    renderWithApp(<WorkflowsScreen />);
    expect(await screen.findByText('No workflows yet')).toBeTruthy();
  });

  it('shows the error and loads again on Retry', async () => {
    let calls = 0;
    mockApi({
      'GET /api/workflows': () =>
        ++calls === 1
          ? { status: 503, body: { message: 'Try again shortly', code: 'unavailable', requestId: 'r' } }
          : { body: { workflows: [INTAKE] } },
    });
    renderWithApp(<WorkflowsScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('Try again shortly');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('New patient intake')).toBeTruthy();
  });

  it('shows each workflow with its node and connection counts and an Active badge', async () => {
    mockApi({ 'GET /api/workflows': { body: { workflows: [INTAKE] } } });
    renderWithApp(<WorkflowsScreen />);
    const card = within((await screen.findByText('New patient intake')).closest('li') as HTMLElement);
    expect(card.getByText('3 nodes · 2 connections')).toBeTruthy();
    expect(card.getByText('Active')).toBeTruthy();
  });

  it('shows a workflow without steps as a Draft, not Active', async () => {
    mockApi({ 'GET /api/workflows': { body: { workflows: [INTAKE, SHELL] } } });
    renderWithApp(<WorkflowsScreen />);
    const card = within((await screen.findByText('Empty shell')).closest('li') as HTMLElement);
    expect(card.getByText('Draft')).toBeTruthy();
    expect(card.queryByText('Active')).toBeNull();
  });

  it('opens a read-only view of the steps, their types and the connections between them', async () => {
    mockApi({ 'GET /api/workflows': { body: { workflows: [INTAKE, SHELL] } } });
    renderWithApp(<WorkflowsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'View steps of New patient intake' }));
    const d = within(await screen.findByRole('dialog'));
    const steps = within(d.getByRole('list', { name: 'Steps' }))
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.getAttribute('aria-label') === 'Steps');
    expect(steps.map((step) => step.querySelector('p')?.textContent)).toEqual([
      '1. Greet',
      '2. Ask for details',
      '3. Goodbye',
    ]);
    expect(within(steps[1]!).getByText('Conversation')).toBeTruthy();
    expect(d.getByRole('list', { name: 'Connections from Greet' }).textContent).toContain(
      '→ Ask for details',
    );
    expect(d.getByRole('list', { name: 'Connections from Ask for details' }).textContent).toBe(
      '→ Goodbye (when the caller gave a name)',
    );
    expect(d.queryByRole('textbox')).toBeNull();
  });

  it('says a draft has no steps yet', async () => {
    mockApi({ 'GET /api/workflows': { body: { workflows: [SHELL] } } });
    renderWithApp(<WorkflowsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'View steps of Empty shell' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('no steps yet');
  });

  it('creates a workflow with a name, and not without one', async () => {
    const { calls } = mockApi({
      'GET /api/workflows': { body: { workflows: [] } },
      'POST /api/workflows': { status: 201, body: { success: true, workflow: INTAKE } },
    });
    renderWithApp(<WorkflowsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create Workflow' }));
    const d = within(await screen.findByRole('dialog'));
    const create = d.getByRole('button', { name: 'Create Workflow' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    await userEvent.type(d.getByLabelText('Name'), '   ');
    expect(create.disabled).toBe(true);
    await userEvent.clear(d.getByLabelText('Name'));
    await userEvent.type(d.getByLabelText('Name'), 'New patient intake{Enter}');
    expect(await screen.findByText('Workflow created successfully')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'New patient intake' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the server message when creating fails', async () => {
    mockApi({
      'GET /api/workflows': { body: { workflows: [] } },
      'POST /api/workflows': {
        status: 400,
        body: {
          message: 'Name must be at most 80 characters',
          code: 'validation_failed',
          requestId: 'r',
          fields: { name: 'Name must be at most 80 characters' },
        },
      },
    });
    renderWithApp(<WorkflowsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Create Workflow' }));
    const d = within(await screen.findByRole('dialog'));
    await userEvent.type(d.getByLabelText('Name'), 'x{Enter}');
    expect(await screen.findByText('Failed to create workflow')).toBeTruthy();
    expect(d.getByText('Name must be at most 80 characters')).toBeTruthy();
  });

  it('asks before deleting, then deletes', async () => {
    const { calls } = mockApi({
      'GET /api/workflows': { body: { workflows: [INTAKE] } },
      'DELETE /api/workflows/b1b2c3d4-0000-4000-8000-000000000001': { body: { success: true } },
    });
    renderWithApp(<WorkflowsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete New patient intake' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Workflow deleted successfully')).toBeTruthy();
  });
});
