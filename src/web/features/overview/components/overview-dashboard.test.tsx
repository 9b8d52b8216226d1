import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, pending } from '../../../test/mock-api';
import { FRONT_DESK_PERMISSIONS, permissionsBody } from '../../../test/principals';
import { renderRoutes, renderWithApp, TEST_FRONT_DESK } from '../../../test/render';
import { OverviewDashboard } from './overview-dashboard';

const STATS = { total: 1, completed: 1, totalDurationSeconds: 95, totalCost: 0 };
const ADMIN = { body: permissionsBody({ role: 'admin' }) };
const canOpenAll = () => true;
const LISTS = {
  'GET /api/user-permissions': ADMIN,
  'GET /api/calls/stats': { body: STATS },
  'GET /api/assistants': { body: { assistants: [{ id: 'a-1', name: 'Front Desk Assistant' }] } },
  'GET /api/workflows': { body: { workflows: [{ id: 'w-1' }, { id: 'w-2' }] } },
  'GET /api/phone-numbers': { body: { phoneNumbers: [] } },
  'GET /api/calls': {
    body: {
      calls: [
        { id: 'call-0000abc123', duration: 95, status: 'ended' },
        { id: 'call-0000def456', duration: 12, status: 'in-progress' },
      ],
    },
  },
};
const EMPTY = {
  'GET /api/user-permissions': ADMIN,
  'GET /api/calls/stats': { body: { ...STATS, total: 0, completed: 0, totalDurationSeconds: 0 } },
  'GET /api/assistants': { body: { assistants: [] } },
  'GET /api/workflows': { body: { workflows: [] } },
  'GET /api/phone-numbers': { body: { phoneNumbers: [] } },
  'GET /api/calls': { body: { calls: [] } },
};
const count = (label: string) => screen.getByTestId(`count-${label}`).textContent;

describe('OverviewDashboard', () => {
  it('shows a spinner until every list is in', async () => {
    mockApi({ ...LISTS, 'GET /api/calls': pending });
    renderWithApp(<OverviewDashboard canOpen={canOpenAll} />);
    expect((await screen.findByRole('status')).textContent).toBe('Loading overview');
  });

  it('counts zero and says so when nothing is configured', async () => {
    mockApi(EMPTY);
    renderWithApp(<OverviewDashboard canOpen={(path) => path !== '/appointment-processor'} />);
    expect(await screen.findByText('No assistants configured')).toBeTruthy();
    expect(screen.getByText('No recent calls')).toBeTruthy();
    expect(count('Assistants')).toBe('0');
    expect(screen.queryByRole('link', { name: /Appointment Processor/ })).toBeNull();
  });

  it('shows a failed list with its message and asks again on Try again', async () => {
    let attempts = 0;
    mockApi({
      ...LISTS,
      'GET /api/workflows': () =>
        ++attempts === 1
          ? { status: 500, body: { message: 'Something went wrong' } }
          : LISTS['GET /api/workflows'],
    });
    renderWithApp(<OverviewDashboard canOpen={canOpenAll} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('2')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('counts each list and shows the recent assistants and calls', async () => {
    mockApi(LISTS);
    renderWithApp(<OverviewDashboard canOpen={canOpenAll} />);
    expect(await screen.findByText('Front Desk Assistant')).toBeTruthy();
    expect(count('Assistants')).toBe('1');
    expect(count('Workflows')).toBe('2');
    expect(count('Phone Numbers')).toBe('0');
    expect(count('Total Calls')).toBe('1');
    expect(screen.getByText('Call #abc123')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Appointment Processor/ })).toBeTruthy();
  });

  it('says each call status in words, as Call Logs does', async () => {
    mockApi(LISTS);
    renderWithApp(<OverviewDashboard canOpen={canOpenAll} />);
    expect(await screen.findByText('Call #def456')).toBeTruthy();
    expect(screen.getByText('Ended')).toBeTruthy();
    expect(screen.getByText('In Progress')).toBeTruthy();
    expect(screen.queryByText('in-progress')).toBeNull();
  });

  it('does not count assistants for a front desk user who may not see them', async () => {
    // No route for /api/assistants or /api/workflows: asking for them would fail the test.
    mockApi({
      'GET /api/user-permissions': { body: FRONT_DESK_PERMISSIONS },
      'GET /api/calls/stats': { body: STATS },
      'GET /api/phone-numbers': { body: { phoneNumbers: [] } },
      'GET /api/calls': LISTS['GET /api/calls'],
    });
    renderWithApp(<OverviewDashboard canOpen={(path) => path === '/call-logs'} />, { user: TEST_FRONT_DESK });
    expect(await screen.findByText('Managed by your admin')).toBeTruthy();
    expect(screen.queryByText('No assistants configured')).toBeNull();
    expect(screen.queryByTestId('count-Assistants')).toBeNull();
    expect(screen.queryByTestId('count-Workflows')).toBeNull();
    expect(count('Total Calls')).toBe('1');
  });

  describe('freshness', () => {
    afterEach(() => vi.useRealTimers());

    it('keeps the assistants and numbers 5 minutes across visits, and asks for the calls each time', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const api = mockApi(LISTS);
      const { router } = renderRoutes([
        { path: '/', element: <OverviewDashboard canOpen={canOpenAll} /> },
        { path: '/away', element: <p>Away</p> },
      ]);
      const requests = (path: string) => api.calls.filter((c) => c.path === path).length;
      const visitAgain = async () => {
        await act(() => router.navigate('/away'));
        await act(() => router.navigate('/'));
        await screen.findByText('Front Desk Assistant');
      };
      await screen.findByText('Front Desk Assistant');
      await visitAgain();
      vi.setSystemTime(Date.now() + 4 * 60_000);
      await visitAgain();
      expect(requests('/api/assistants')).toBe(1);
      expect(requests('/api/phone-numbers')).toBe(1);
      expect(requests('/api/calls')).toBe(3);

      vi.setSystemTime(Date.now() + 2 * 60_000);
      await visitAgain();
      await vi.waitFor(() => expect(requests('/api/assistants')).toBe(2));
      expect(requests('/api/phone-numbers')).toBe(2);
    });
  });
});
