import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '#shared/schemas/auth';
import { mockApi, pending } from '../test/mock-api';
import { permissionsBody } from '../test/principals';
import { renderRoutes } from '../test/render';
import { routes } from './router';

const OPERATOR: SessionUser = {
  id: 'u-operator',
  email: 'operator@servc.example',
  username: 'operator',
  name: 'Servc Operator',
  role: 'operator',
};
const LAZY = { timeout: 5000 };

function renderAsOperator(route: string, more: Parameters<typeof mockApi>[0] = {}) {
  vi.stubGlobal('scrollTo', vi.fn());
  mockApi({
    'GET /api/user-permissions': { body: permissionsBody({ role: 'operator' }) },
    'GET /api/practices': pending,
    ...more,
  });
  return renderRoutes(routes, { route, user: OPERATOR });
}

describe("the operator's console", () => {
  it('starts at Practices: / goes there, with no Overview', async () => {
    const { router } = renderAsOperator('/');
    expect(await screen.findByRole('heading', { name: 'Practices', level: 1 }, LAZY)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/practices');
    expect(screen.queryByText('Overview')).toBeNull();
  });

  it('shows Practices, Demo Requests and Sent Mail in the menu, and nothing else', async () => {
    renderAsOperator('/practices');
    await screen.findByRole('heading', { name: 'Practices', level: 1 }, LAZY);
    const menu = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Practices', 'Demo Requests', 'Sent Mail']);
  });

  it('opens Sent Mail', async () => {
    renderAsOperator('/sent-mail', { 'GET /api/mail/sandbox': { body: { messages: [] } } });
    expect(await screen.findByText('No mail sent yet.', undefined, LAZY)).toBeTruthy();
  });

  it("refuses the operator a practice's screens", async () => {
    renderAsOperator('/call-logs');
    expect(await screen.findByRole('heading', { name: 'Access Denied' }, LAZY)).toBeTruthy();
  });
});
