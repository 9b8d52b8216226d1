import { screen, waitFor, within } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { month, ROUTE, TODAY } from '../../../test/analytics';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { AnalyticsScreen } from './analytics-screen';
import { CHART_TEXTS } from './lazy-bars-chart';

// The charts' chunk fails to load, as a deploy that removed it or a lost connection would make it.
vi.mock('./charts', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

it("shows each chart's numbers as a table, and says why, when the charts' chunk cannot load", async () => {
  // React reports the error its boundary caught.
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  mockApi({ 'GET /api/analytics': { body: month() } });
  renderWithApp(<AnalyticsScreen canEditValues={false} today={TODAY} />, { route: ROUTE });
  expect((await screen.findByTestId('figure-Calls')).textContent).toBe('12');

  const perDay = (await screen.findByRole('heading', { name: 'Calls per day' })).closest(
    '[data-figure]',
  ) as HTMLElement;
  await waitFor(() => expect(within(perDay).getByText(CHART_TEXTS.failed)).toBeTruthy());
  const rows = [...perDay.querySelectorAll('tbody tr')].map((tr) => tr.textContent);
  expect(rows).toHaveLength(31);
  expect(rows[2]).toBe('2025-03-038');
  expect(document.querySelector('[data-chart-loading]')).toBeNull();
  expect(within(perDay).queryByRole('img')).toBeNull();
  expect(logged).toHaveBeenCalled();
});
