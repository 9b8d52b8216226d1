import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, pending } from '../../test/mock-api';
import { FRONT_DESK_PERMISSIONS, permissionsBody } from '../../test/principals';
import { renderWithApp, TEST_ADMIN, TEST_FRONT_DESK } from '../../test/render';
import { OverviewRoute } from './overview';

const LISTS = {
  'GET /api/assistants': { body: { assistants: [] } },
  'GET /api/workflows': { body: { workflows: [] } },
  'GET /api/phone-numbers': { body: { phoneNumbers: [] } },
  'GET /api/calls': { body: { calls: [] } },
};

const linkNames = () => screen.queryAllByRole('link').map((link) => link.textContent);

describe('Overview links', () => {
  it('shows a front-desk user only links to screens they may open and that are built', async () => {
    mockApi({ ...LISTS, 'GET /api/user-permissions': { body: FRONT_DESK_PERMISSIONS } });
    // Call Logs is allowed to this user but not built yet.
    const built = new Set(['/book-appointment', '/appointments-calendar', '/linked-accounts']);
    renderWithApp(<OverviewRoute isBuilt={(path) => built.has(path)} />, { user: TEST_FRONT_DESK });
    expect(await screen.findByRole('link', { name: /Book Appointment/ })).toBeTruthy();
    expect(linkNames()).toEqual([expect.stringContaining('Book Appointment')]);
    expect(screen.queryByRole('link', { name: 'View All Calls' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'View All Assistants' })).toBeNull();
    expect(screen.getByText('Managed by your admin')).toBeTruthy();
  });

  it('shows an admin every link once the screens are built', async () => {
    mockApi({
      ...LISTS,
      'GET /api/user-permissions': { body: permissionsBody({ role: 'admin' }) },
      'GET /api/analytics': pending,
    });
    renderWithApp(<OverviewRoute isBuilt={() => true} />, { user: TEST_ADMIN });
    expect(await screen.findByRole('link', { name: 'View All Assistants' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View All Calls' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Appointment Processor/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Phone Numbers/ })).toBeTruthy();
  });

  it("shows this month's bookings, kept rate and cost per booked visit to whoever may see Analytics", async () => {
    const api = mockApi({
      ...LISTS,
      'GET /api/user-permissions': { body: permissionsBody({ permissions: { canAnalytics: true } }) },
      'GET /api/analytics': {
        body: {
          range: { from: '2026-12-01', to: '2026-12-07', timeZone: 'UTC' },
          bookings: { total: 14 },
          outcomes: { kept: 6, noShow: 1, cancelled: 1 },
          money: { costPerBookedVisit: 0.4567 },
        },
      },
    });
    renderWithApp(<OverviewRoute isBuilt={() => true} />, { user: TEST_FRONT_DESK });
    expect((await screen.findByTestId('headline-Bookings')).textContent).toBe('14');
    expect(screen.getByTestId('headline-Kept rate').textContent).toBe('75%');
    expect(screen.getByTestId('headline-Cost per booked visit').textContent).toBe('$0.46');
    const link = screen.getByRole('link', { name: 'View Analytics' }).getAttribute('href')!;
    const asked = api.calls.find((c) => c.path === '/api/analytics')!.search;
    expect(link).toBe(`/analytics?from=${asked.get('from')}&to=${asked.get('to')}`);
    expect(asked.get('from')!.slice(8)).toBe('01');
  });

  it("counts the practice's month, not the browser's: late on the 30th in Los Angeles is still November", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-01T03:00:00Z') });
    try {
      const api = mockApi({
        ...LISTS,
        'GET /api/user-permissions': { body: permissionsBody({ permissions: { canAnalytics: true } }) },
        'GET /api/analytics': ({ search }) => ({
          body: {
            range: { from: search.get('from'), to: search.get('to'), timeZone: 'America/Los_Angeles' },
            bookings: { total: search.get('from') === '2026-11-01' ? 31 : 0 },
            outcomes: { kept: 0, noShow: 0, cancelled: 0 },
            money: { costPerBookedVisit: null },
          },
        }),
      });
      renderWithApp(<OverviewRoute isBuilt={() => true} />, { user: TEST_FRONT_DESK });
      await waitFor(() => expect(screen.getByTestId('headline-Bookings').textContent).toBe('31'));
      expect(screen.getByRole('link', { name: 'View Analytics' }).getAttribute('href')).toBe(
        '/analytics?from=2026-11-01&to=2026-11-30',
      );
      expect(
        api.calls
          .filter((c) => c.path === '/api/analytics')
          .at(-1)!
          .search.get('to'),
      ).toBe('2026-11-30');
    } finally {
      vi.useRealTimers();
    }
  });

  it('neither asks for nor shows the analytics figures to a user without Analytics', async () => {
    const api = mockApi({ ...LISTS, 'GET /api/user-permissions': { body: FRONT_DESK_PERMISSIONS } });
    renderWithApp(<OverviewRoute isBuilt={() => true} />, { user: TEST_FRONT_DESK });
    expect(await screen.findByRole('link', { name: /Book Appointment/ })).toBeTruthy();
    expect(screen.queryByText('View Analytics')).toBeNull();
    expect(api.calls.some((c) => c.path === '/api/analytics')).toBe(false);
  });

  it('shows unread messages linking to Messages to a user who may use them', async () => {
    mockApi({
      ...LISTS,
      'GET /api/user-permissions': { body: permissionsBody({ permissions: { canMessages: true } }) },
      'GET /api/messaging/unread': { body: { unread: 3 } },
    });
    renderWithApp(<OverviewRoute isBuilt={() => true} />, { user: TEST_FRONT_DESK });
    expect((await screen.findByTestId('count-Unread messages')).textContent).toBe('3');
    expect(screen.getByRole('link', { name: 'View Messages' }).getAttribute('href')).toBe('/messages');
  });

  it('neither asks for nor shows unread messages to a user who may not use them', async () => {
    const api = mockApi({ ...LISTS, 'GET /api/user-permissions': { body: FRONT_DESK_PERMISSIONS } });
    renderWithApp(<OverviewRoute isBuilt={() => true} />, { user: TEST_FRONT_DESK });
    expect(await screen.findByRole('link', { name: /Book Appointment/ })).toBeTruthy();
    expect(screen.queryByText('Unread messages')).toBeNull();
    expect(api.calls.some((c) => c.path === '/api/messaging/unread')).toBe(false);
  });
});
