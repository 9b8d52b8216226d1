import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { month, TODAY } from '../../../test/analytics';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { AnalyticsHeadline } from './analytics-headline';

afterEach(() => vi.unstubAllGlobals());

describe('AnalyticsHeadline', () => {
  it("shows this month's bookings, kept rate and cost per booked visit", async () => {
    const { calls } = mockApi({ 'GET /api/analytics': { body: month() } });
    renderWithApp(<AnalyticsHeadline today={TODAY} />);
    expect((await screen.findByTestId('headline-Bookings')).textContent).toBe('9');
    expect(screen.getByTestId('headline-Kept rate').textContent).toBe('43%');
    expect(calls[0]!.search.toString()).toBe('from=2025-03-01&to=2025-03-31');
  });

  it('says a failed load, not nothing, and asks again on Try again', async () => {
    let attempts = 0;
    const { calls } = mockApi({
      'GET /api/analytics': () =>
        ++attempts === 1 ? { status: 500, body: { message: 'Something went wrong' } } : { body: month() },
    });
    renderWithApp(<AnalyticsHeadline today={TODAY} />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      "Could not load this month's figures. Please try again.",
    );
    expect(screen.getByRole('link', { name: 'View Analytics' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('headline-Bookings')).textContent).toBe('9');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toHaveLength(2);
  });
});
