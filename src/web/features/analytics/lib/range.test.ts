import { describe, expect, it } from 'vitest';
import { practiceToday } from '../../../lib/practice-time';
import { filterFromUrl, presetOf, presetRange } from './range';

describe('the Analytics dates', () => {
  it("count back from the practice's today, not the browser's", () => {
    // 00:30 UTC on the 29th is still the evening of the 28th in New York.
    const now = new Date('2026-11-29T00:30:00Z');
    const today = practiceToday('America/New_York', now);
    expect(presetRange('90d', today)).toEqual({ from: '2026-08-31', to: '2026-11-28' });
    expect(presetRange('month', today)).toEqual({ from: '2026-11-01', to: '2026-11-28' });
    expect(presetRange('last-month', today)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetOf({ from: '2026-11-22', to: '2026-11-28' }, today)).toBe('7d');
    expect(presetOf({ from: '2026-11-20', to: '2026-11-28' }, today)).toBeUndefined();
  });

  it('take a shared URL as it is, and fall back to the last 30 days for dates that cannot be', () => {
    const today = new Date(2025, 2, 31);
    const url = (query: string) => filterFromUrl(new URLSearchParams(query), today);
    expect(url('from=2025-03-01&to=2025-03-31&assistant=a-1')).toEqual({
      from: '2025-03-01',
      to: '2025-03-31',
      assistantId: 'a-1',
    });
    for (const query of ['', 'from=2025-03-31&to=2025-03-01', 'from=2021-01-01&to=2025-03-01', 'from=x&to=y'])
      expect(url(query)).toEqual({ from: '2025-03-02', to: '2025-03-31' });
  });
});
