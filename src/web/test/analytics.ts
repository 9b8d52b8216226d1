import type { Analytics } from '#shared/schemas/analytics';

/** The Analytics screen's component tests: a practice's March 2025, seen on its last day. */
export const TODAY = new Date(2025, 2, 31, 12);
export const ROUTE = '/analytics?from=2025-03-01&to=2025-03-31';
const hours = (cells: [number, number, number][]) => {
  const grid = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
  for (const [dow, hour, n] of cells) grid[dow]![hour] = n;
  return grid;
};
const outcomes = { kept: 0, noShow: 0, cancelled: 0, lateCancelled: 0, unresolved: 0, upcoming: 0 };
const row = (id: string | null, name: string, calls: number, cost: number) => ({
  id,
  name,
  calls,
  cost,
  bookings: 2,
  kept: 1,
  costPerBookedVisit: cost / 2,
  costPerKeptVisit: cost,
  estimatedValue: 150,
});

/** A month with 12 calls (enough for charts) and 9 bookings (few: told in words). */
export function month(over: Partial<Analytics> = {}): Analytics {
  return {
    range: { from: '2025-03-01', to: '2025-03-31', timeZone: 'America/New_York' },
    calls: {
      total: 12,
      answeredAfterHours: 3,
      averageDurationSeconds: 75,
      byDay: Array.from({ length: 31 }, (_, i) => ({
        date: `2025-03-${String(i + 1).padStart(2, '0')}`,
        count: i === 2 ? 8 : i === 9 ? 4 : 0,
      })),
      byHourOfWeek: hours([
        [1, 10, 8],
        [1, 20, 4],
      ]),
      endedReasons: [
        { reason: 'customer-ended-call', count: 9 },
        { reason: 'assistant-ended-call', count: 3 },
      ],
    },
    bookings: {
      total: 9,
      bySource: { call: 2, processor: 1, callback: 1, text: 1, recall: 1, outbound: 1, staff: 2 },
      conversion: 0.5,
      conversionBySource: {
        call: 2 / 12,
        processor: 1 / 12,
        callback: 1 / 12,
        recall: 1 / 12,
        outbound: 1 / 12,
      },
      newPatients: 3,
      returningPatients: 5,
    },
    outcomes: {
      kept: 3,
      noShow: 2,
      cancelled: 2,
      lateCancelled: 1,
      unresolved: 1,
      upcoming: 1,
      receptionist: { kept: 3, noShow: 1, cancelled: 1, lateCancelled: 1, unresolved: 1, upcoming: 1 },
      staff: { ...outcomes, noShow: 1, cancelled: 1 },
    },
    reminders: {
      reminded: 3,
      notReminded: 6,
      confirmedRate: 1 / 3,
      noShowRateReminded: 0.5,
      noShowRateNotReminded: 1 / 3,
    },
    callbacks: { opened: 3, closed: 2, closedInTime: 1 },
    money: {
      totalCost: 1.95,
      costPerCall: 1.95 / 12,
      costPerBookedVisit: 1.95 / 7,
      costPerKeptVisit: 0.65,
      estimatedValue: 1550,
      byAssistant: [row('a-1', 'Front Desk AI', 8, 1.2), row('a-2', 'After Hours AI', 4, 0.75)],
      byNumber: [row('n-1', 'Main line', 12, 1.95)],
    },
    ...over,
  };
}

export const EMPTY: Analytics = {
  ...month(),
  calls: { ...month().calls, total: 0, byDay: [], byHourOfWeek: hours([]), endedReasons: [] },
  bookings: { ...month().bookings, total: 0 },
  callbacks: { opened: 0, closed: 0, closedInTime: 0 },
};
