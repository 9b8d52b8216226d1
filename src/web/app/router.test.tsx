import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Principal } from '#shared/permissions';
import { mockApi, pending } from '../test/mock-api';
import { renderRoutes, TEST_FRONT_DESK } from '../test/render';
import { routes } from './router';

const NOTHING_GRANTED: Principal = {
  role: 'sub',
  permissions: {
    canCallLogs: false,
    canAssistants: false,
    canWorkflows: false,
    canBookAppointment: false,
    canAppointmentCalendar: false,
    canOutboundCalls: false,
    canMessages: false,
    canAnalytics: false,
  },
  assignedPhoneNumbers: [],
  assignedConnectors: [],
  assignedAssistants: [],
};
const permissions = (principal: Principal) => ({ body: { success: true, data: principal } });
/** The first visit loads the lazy console chunks, which takes longer than a findBy's default second. */
const LAZY = { timeout: 5000 };

/** jsdom lacks what the shell and Radix call: window.scrollTo and ResizeObserver. */
function stubBrowser() {
  vi.stubGlobal('scrollTo', vi.fn());
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

function renderApp(route: string, user = TEST_FRONT_DESK, principal = NOTHING_GRANTED) {
  stubBrowser();
  mockApi({ 'GET /api/user-permissions': permissions(principal) });
  return renderRoutes(routes, { route, user });
}

describe('console route guards', () => {
  it.each([
    '/book-appointment',
    '/appointments-calendar',
    '/linked-accounts',
    '/audit-log',
    '/demo-requests',
    '/practices',
    '/sent-mail',
    '/outbound-calls',
    '/appointment-processor',
    '/call-logs',
    '/callbacks',
    '/assistants',
    '/workflows',
    '/phone-numbers',
    '/messages',
  ])('%s shows Access Denied to a user the policy does not allow', async (route) => {
    renderApp(route);
    expect(await screen.findByRole('heading', { name: 'Access Denied' }, LAZY)).toBeTruthy();
    expect(screen.getByText('You do not have permission to view this page.')).toBeTruthy();
  });

  it('User Management tells a sub user it needs admin privileges', async () => {
    renderApp('/user-management');
    expect(await screen.findByRole('heading', { name: 'Access Denied' }, LAZY)).toBeTruthy();
    expect(screen.getByText('You need admin privileges to access user management.')).toBeTruthy();
  });

  it('waits for the permissions before it decides', async () => {
    stubBrowser();
    mockApi({ 'GET /api/user-permissions': pending });
    renderRoutes(routes, { route: '/audit-log', user: TEST_FRONT_DESK });
    expect((await screen.findAllByRole('status')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('heading', { name: 'Access Denied' })).toBeNull();
  });

  it('sends a signed-out visitor to the sign-in page', async () => {
    stubBrowser();
    mockApi({});
    const { router } = renderRoutes(routes, { route: '/user-management', user: null });
    expect(await screen.findByRole('button', { name: 'Sign In' }, LAZY)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signin');
  });
});

describe('the Outbound Calls screen', () => {
  it('is built: an allowed user sees its cards instead of "not available yet"', async () => {
    stubBrowser();
    const caller: Principal = {
      ...NOTHING_GRANTED,
      permissions: { ...NOTHING_GRANTED.permissions, canOutboundCalls: true },
      // Without an assigned number and assistant the screen only explains that (its own tests).
      assignedPhoneNumbers: ['n1'],
      assignedAssistants: ['a1'],
    };
    mockApi({
      'GET /api/user-permissions': permissions(caller),
      'GET /api/patients-with-appointments': pending,
      'GET /api/outbound-calls': pending,
      'GET /api/phone-numbers': pending,
    });
    renderRoutes(routes, { route: '/outbound-calls', user: TEST_FRONT_DESK });
    expect(await screen.findByRole('heading', { name: 'Outbound Calls', level: 1 }, LAZY)).toBeTruthy();
    expect(screen.getByText('Start Outbound Calls')).toBeTruthy();
    expect(screen.queryByText('This screen is not available yet.')).toBeNull();
  });
});

describe('the Messages screen', () => {
  it('is built and lazy: a sub user with canMessages sees it, without the admin Settings', async () => {
    stubBrowser();
    const texter: Principal = {
      ...NOTHING_GRANTED,
      permissions: { ...NOTHING_GRANTED.permissions, canMessages: true },
    };
    mockApi({ 'GET /api/user-permissions': permissions(texter), 'GET /api/conversations': pending });
    renderRoutes(routes, { route: '/messages', user: TEST_FRONT_DESK });
    expect(await screen.findByRole('heading', { name: 'Messages', level: 1 }, LAZY)).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search conversations' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
    expect(screen.queryByText('This screen is not available yet.')).toBeNull();
  });
});
