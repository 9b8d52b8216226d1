import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { month, ROUTE, TODAY } from '../../../test/analytics';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { AnalyticsScreen } from './analytics-screen';
import { CHART_TEXTS } from './lazy-bars-chart';

// The charts' chunk (recharts) arrives when the test opens the gate.
const charts = vi.hoisted(() => {
  let open = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  return { gate, open: () => open() };
});
vi.mock('./charts', async (importOriginal) => {
  await charts.gate;
  return importOriginal();
});

const panel = async (title: string) =>
  (await screen.findByRole('heading', { name: title })).closest('[data-figure]') as HTMLElement;

describe('the Analytics screen while its charts load', { timeout: 30_000 }, () => {
  it("shows the figures, tables and CSV before the charts' chunk, in placeholders of the charts' height", async () => {
    mockApi({ 'GET /api/analytics': { body: month() } });
    renderWithApp(<AnalyticsScreen canEditValues={false} today={TODAY} />, { route: ROUTE });
    expect((await screen.findByTestId('figure-Calls')).textContent).toBe('12');

    const perDay = await panel('Calls per day');
    const placeholder = within(perDay).getByRole('status');
    expect(placeholder.getAttribute('aria-busy')).toBe('true');
    expect(placeholder.style.height).toBe('260px');
    expect(placeholder.textContent).toBe(CHART_TEXTS.loading);
    expect(within(perDay).queryByRole('img')).toBeNull();
    // The hour-of-week grid is no chart library's: drawn at once.
    expect(within(await panel('Calls by hour of the week')).getByRole('img')).toBeTruthy();
    await userEvent.click(within(perDay).getByRole('switch', { name: 'View as table: Calls per day' }));
    expect(perDay.querySelectorAll('tbody tr')).toHaveLength(31);
    await userEvent.click(within(perDay).getByRole('switch', { name: 'View as table: Calls per day' }));
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(false);

    charts.open();
    // Importing recharts for the first time takes Vitest seconds on a busy machine.
    const chart = await within(perDay).findByRole('img', {}, { timeout: 20_000 });
    expect(chart.style.height).toBe('260px');
    await waitFor(() => expect(document.querySelector('[data-chart-loading]')).toBeNull());
  });
});
