import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY, month, ROUTE, TODAY } from '../../../test/analytics';
import { mockApi, pending } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { AnalyticsScreen } from './analytics-screen';

afterEach(() => vi.unstubAllGlobals());

const panel = async (title: string) =>
  (await screen.findByRole('heading', { name: title })).closest('[data-figure]') as HTMLElement;

describe('AnalyticsScreen', () => {
  it('shows a spinner while the figures load', async () => {
    mockApi({ 'GET /api/analytics': pending });
    renderWithApp(<AnalyticsScreen canEditValues={false} today={TODAY} />, { route: ROUTE });
    expect((await screen.findByRole('status')).textContent).toBe('Loading analytics');
  });

  it('shows a failed load and asks again on Try again', async () => {
    let attempts = 0;
    mockApi({
      'GET /api/analytics': () =>
        ++attempts === 1 ? { status: 500, body: { message: 'Something went wrong' } } : { body: month() },
    });
    renderWithApp(<AnalyticsScreen canEditValues={false} today={TODAY} />, { route: ROUTE });
    expect((await screen.findByRole('alert')).textContent).toContain('Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('figure-Calls')).toBeTruthy();
  });

  it('says so when nothing happened in the dates', async () => {
    mockApi({ 'GET /api/analytics': { body: EMPTY } });
    renderWithApp(<AnalyticsScreen canEditValues={false} today={TODAY} />, { route: ROUTE });
    expect(
      await screen.findByText('Nothing happened in these dates: no calls, bookings or callbacks.'),
    ).toBeTruthy();
  });

  it('shows the headline figures, charts where there are enough points and words where there are not', async () => {
    const { calls } = mockApi({ 'GET /api/analytics': { body: month() } });
    renderWithApp(<AnalyticsScreen canEditValues={false} today={TODAY} />, { route: ROUTE });
    expect((await screen.findByTestId('figure-Calls')).textContent).toBe('12');
    expect(screen.getByTestId('figure-Kept rate').textContent).toBe('43%');
    expect(screen.getByTestId('figure-Cost per kept visit').textContent).toBe('$0.65');
    expect(screen.getByTestId('figure-Estimated value').textContent).toBe('$1,550.00');
    expect(calls[0]!.search.toString()).toBe('from=2025-03-01&to=2025-03-31');

    // 12 calls: drawn. 9 bookings: told in words.
    // The chart comes with the charts' own chunk (lazy-bars-chart.tsx): recharts takes Vitest seconds to import.
    expect(
      await within(await panel('Calls per day')).findByRole('img', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    const sources = await panel('Bookings by source');
    expect(within(sources).queryByRole('img')).toBeNull();
    expect(sources.textContent).toContain('9 bookings: 2 from during a call, 1 from appointment processor');
    const hourly = within(await panel('Calls by hour of the week')).getByRole('img');
    expect(hourly.querySelector('[title="Monday 10:00: 8"]')?.getAttribute('data-calls')).toBe('8');
  });

  it('says bookings per 100 calls, above 100 when calls book several visits each, never a share over 100%', async () => {
    const twoEach = month({ bookings: { ...month().bookings, conversion: 2 } });
    mockApi({ 'GET /api/analytics': { body: twoEach } });
    renderWithApp(<AnalyticsScreen canEditValues={false} today={TODAY} />, { route: ROUTE });
    const tile = (await screen.findByTestId('figure-Bookings')).parentElement!;
    expect(tile.textContent).toContain('200 per 100 calls · 3 new, 5 returning');
    expect(tile.textContent).not.toContain('%');
    expect(tile.textContent).not.toContain('of calls booked');
  });

  it('says so in words when no call is behind the money panels, with bookings in the dates', async () => {
    const noCalls = month({
      calls: { ...EMPTY.calls, byDay: month().calls.byDay.map((d) => ({ ...d, count: 0 })) },
      money: { ...month().money, totalCost: 0, costPerCall: null, byAssistant: [], byNumber: [] },
    });
    mockApi({ 'GET /api/analytics': { body: noCalls } });
    renderWithApp(<AnalyticsScreen canEditValues={false} today={TODAY} />, { route: ROUTE });
    for (const title of ['Money by assistant', 'Money by number']) {
      const words = (await panel(title)).querySelector('[data-figure-words]');
      expect(words?.textContent).toBe('No calls in these dates, and no bookings made on a call.');
    }
  });

  it("names each panel's table switch after its figure: eight switches a screen reader tells apart", async () => {
    mockApi({ 'GET /api/analytics': { body: month() } });
    renderWithApp(<AnalyticsScreen canEditValues={false} today={TODAY} />, { route: ROUTE });
    const titles = [
      'Calls per day',
      'Calls by hour of the week',
      'How calls ended',
      'Bookings by source',
      'What happened to the visits booked',
      'Reminders',
      'Money by assistant',
      'Money by number',
    ];
    for (const title of titles) {
      // The visible words first, then the figure's title: the name a voice command and a screen reader find.
      expect(
        within(await panel(title)).getByRole('switch', { name: `View as table: ${title}` }),
      ).toBeTruthy();
    }
    expect(screen.getAllByRole('switch')).toHaveLength(titles.length);
    expect(screen.queryAllByRole('switch', { name: 'View as table' })).toHaveLength(0);
  });

  it('shows every figure as a table on request, the same numbers the chart draws', async () => {
    mockApi({ 'GET /api/analytics': { body: month() } });
    renderWithApp(<AnalyticsScreen canEditValues={false} today={TODAY} />, { route: ROUTE });
    /** The rows of a panel's table, once its switch is on, as their cells' text. */
    const tableOf = async (title: string) => {
      const figure = await panel(title);
      await userEvent.click(within(figure).getByRole('switch', { name: `View as table: ${title}` }));
      const table = figure.querySelector('table')!;
      expect(table.querySelector('caption')?.textContent).toBe(title);
      return [...table.querySelectorAll('tbody tr')].map((tr) =>
        [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent),
      );
    };
    const days = await tableOf('Calls per day');
    expect(days).toHaveLength(31);
    expect(days.filter(([, n]) => n !== '0')).toEqual([
      ['2025-03-03', '8'],
      ['2025-03-10', '4'],
    ]);
    const visits = await tableOf('What happened to the visits booked');
    expect(visits).toContainEqual(['No-show', '1', '1']);
    expect(visits).toContainEqual(['Kept rate', '60%', '0%']);
    expect(await tableOf('Money by assistant')).toContainEqual([
      'Front Desk AI',
      '8',
      '$1.20',
      '2',
      '1',
      '$0.60',
      '$1.20',
      '$150.00',
    ]);
  });

  it('keeps the dates and filters in the URL and asks for them', async () => {
    const { calls } = mockApi({ 'GET /api/analytics': { body: month() } });
    const { router } = renderWithApp(<AnalyticsScreen canEditValues={false} today={TODAY} />, {
      route: ROUTE,
    });
    await screen.findByTestId('figure-Calls');
    expect((screen.getByLabelText('Dates') as HTMLSelectElement).value).toBe('month');
    await userEvent.selectOptions(screen.getByLabelText('Dates'), 'Last 7 days');
    await waitFor(() => expect(router.state.location.search).toBe('?from=2025-03-25&to=2025-03-31'));
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2025-03-25');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2025-03-31');
    await userEvent.selectOptions(screen.getByLabelText('Assistant'), 'After Hours AI');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?from=2025-03-25&to=2025-03-31&assistant=a-2'),
    );
    await waitFor(() => expect(calls.at(-1)!.search.get('assistantId')).toBe('a-2'));
    // A hand-typed URL with a backwards range falls back to the last 30 days.
    expect((screen.getByLabelText('Number') as HTMLSelectElement).value).toBe('');
  });

  it('takes a custom date typed segment by segment once it is a whole day, asking once', async () => {
    const { calls } = mockApi({ 'GET /api/analytics': { body: month() } });
    const { router } = renderWithApp(<AnalyticsScreen canEditValues={false} today={TODAY} />, {
      route: ROUTE,
    });
    await screen.findByTestId('figure-Calls');
    const asked = calls.length;
    const from = screen.getByLabelText('From') as HTMLInputElement;
    from.focus();
    // Chromium's date field typed 03102025 (month, day, year): half-typed it is '', then the year grows digit by digit.
    for (const value of ['', '0002-03-10', '0020-03-10', '0202-03-10', '2025-03-10']) {
      fireEvent.change(from, { target: { value } });
      // What is typed stays: no day is fed back into the half-typed field.
      expect(from.value).toBe(value);
    }
    await waitFor(() => expect(router.state.location.search).toBe('?from=2025-03-10&to=2025-03-31'));
    await waitFor(() => expect(calls.length).toBe(asked + 1));
    expect(calls.at(-1)!.search.toString()).toBe('from=2025-03-10&to=2025-03-31');
    expect(from.value).toBe('2025-03-10');

    // Left half-typed, the field shows the day the figures are for again.
    fireEvent.change(from, { target: { value: '0002-03-12' } });
    fireEvent.blur(from);
    expect(from.value).toBe('2025-03-10');
    expect(router.state.location.search).toBe('?from=2025-03-10&to=2025-03-31');

    // A day picked from the calendar is taken at once.
    const to = screen.getByLabelText('To') as HTMLInputElement;
    fireEvent.change(to, { target: { value: '2025-03-20' } });
    await waitFor(() => expect(router.state.location.search).toBe('?from=2025-03-10&to=2025-03-20'));
    await waitFor(() => expect(calls.at(-1)!.search.toString()).toBe('from=2025-03-10&to=2025-03-20'));
    expect(calls.length).toBe(asked + 2);
  });

  it('exports the whole screen as CSV, the same rows as the tables', async () => {
    mockApi({ 'GET /api/analytics': { body: month() } });
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          blobs.push(blob);
          return 'blob:analytics';
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
    renderWithApp(<AnalyticsScreen canEditValues={false} today={TODAY} />, { route: ROUTE });
    await screen.findByTestId('figure-Calls');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const csv = await blobs[0]!.text();
    expect(csv).toContain(
      'Bookings by source\r\nSource,Bookings,Bookings per 100 calls\r\nDuring a call,2,17',
    );
    expect(csv).toContain('Front Desk AI,8,$1.20,2,1,$0.60,$1.20,$150.00');
    expect(csv).toContain('2025-03-03,8');
  });

  it("tells the server's reason when the calls' download is refused (too many calls)", async () => {
    const message =
      'These dates have more than 100,000 calls, more than one download holds. Choose fewer dates and download each part.';
    mockApi({
      'GET /api/analytics': { body: month() },
      'GET /api/analytics/export': { status: 400, body: { code: 'bad_request', message } },
    });
    renderWithApp(<AnalyticsScreen canEditValues={false} today={TODAY} />, { route: ROUTE });
    await screen.findByTestId('figure-Calls');
    await userEvent.click(screen.getByRole('button', { name: 'Download calls (CSV)' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('lets an admin set the visit values, and refuses a negative one before asking', async () => {
    const { calls } = mockApi({
      'GET /api/analytics': { body: month({ money: { ...month().money, estimatedValue: null } }) },
      'GET /api/analytics/values': {
        body: {
          values: [
            { appointmentType: 'dental_cleaning', label: 'Dental Cleaning', value: null },
            { appointmentType: 'filling', label: 'Filling', value: 200 },
          ],
        },
      },
      'PUT /api/analytics/values': ({ body }) => ({
        body: {
          values: (body as { values: { appointmentType: string; value: number | null }[] }).values.map(
            (v) => ({
              ...v,
              label: v.appointmentType,
            }),
          ),
        },
      }),
    });
    renderWithApp(<AnalyticsScreen canEditValues today={TODAY} />, { route: ROUTE });
    await userEvent.click(await screen.findByRole('button', { name: 'Set visit values to see it' }));
    const cleaning = await screen.findByLabelText('Dental Cleaning ($)');
    await userEvent.type(cleaning, '-5');
    await userEvent.click(screen.getByRole('button', { name: 'Save values' }));
    expect(await screen.findByText(/Enter an amount in dollars/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.clear(cleaning);
    await userEvent.type(cleaning, '$150');
    await userEvent.click(screen.getByRole('button', { name: 'Save values' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        values: [
          { appointmentType: 'dental_cleaning', value: 150 },
          { appointmentType: 'filling', value: 200 },
        ],
      }),
    );
    expect(await screen.findByText('Visit values saved')).toBeTruthy();
  });

  it('offers no value editor to a sub user', async () => {
    mockApi({ 'GET /api/analytics': { body: month({ money: { ...month().money, estimatedValue: null } }) } });
    renderWithApp(<AnalyticsScreen canEditValues={false} today={TODAY} />, { route: ROUTE });
    expect(await screen.findByText('No visit values set yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Visit values' })).toBeNull();
  });
});

describe("AnalyticsScreen's presets", () => {
  it("count back from the practice's today once its time zone is known", async () => {
    // 00:30 UTC on the 29th is the evening of the 28th in New York.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-29T00:30:00Z') });
    try {
      mockApi({ 'GET /api/analytics': { body: month() } });
      const { router } = renderWithApp(<AnalyticsScreen canEditValues={false} />, { route: ROUTE });
      await screen.findByTestId('figure-Calls');
      await userEvent.selectOptions(screen.getByLabelText('Dates'), 'Last 90 days');
      await waitFor(() => expect(router.state.location.search).toBe('?from=2026-08-31&to=2026-11-28'));
    } finally {
      vi.useRealTimers();
    }
  });
});
