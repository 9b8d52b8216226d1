import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NO_PERMISSIONS } from '#shared/permissions';
import { mockApi } from '../../test/mock-api';
import { renderWithApp, TEST_FRONT_DESK } from '../../test/render';
import { AssistantsRoute } from './assistants';
import { RequireAccess } from './guards';
import { WorkflowsRoute } from './workflows';

/** A sub user holding none of the flags and no assigned numbers. */
function noAccess() {
  return mockApi({
    'GET /api/user-permissions': {
      body: {
        success: true,
        data: {
          role: 'sub',
          permissions: NO_PERMISSIONS,
          assignedPhoneNumbers: [],
          assignedConnectors: [],
          assignedAssistants: [],
        },
      },
    },
  });
}

describe('voice platform screens without permission', () => {
  it('denies Assistants to a sub user without canAssistants, and asks the API for no assistant', async () => {
    const { calls } = noAccess();
    renderWithApp(
      <RequireAccess action="assistants:view">
        <AssistantsRoute />
      </RequireAccess>,
      { user: TEST_FRONT_DESK },
    );
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/api/user-permissions']);
  });

  it('denies Workflows to a sub user without canWorkflows', async () => {
    const { calls } = noAccess();
    renderWithApp(
      <RequireAccess action="workflows:view">
        <WorkflowsRoute />
      </RequireAccess>,
      { user: TEST_FRONT_DESK },
    );
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/api/user-permissions']);
  });
});
