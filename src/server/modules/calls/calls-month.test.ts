import { describe, expect, it } from 'vitest';
import type { PracticeContext } from '../../practice';
import type { createCallsRepo } from './calls.repo';
import { createCallsService } from './calls.service';

const practice = (id: string, timeZone: string): PracticeContext => ({
  id,
  name: id,
  timeZone,
  status: 'active',
});

describe('"this month" of the call stats', () => {
  // 1 December 03:30 UTC: still November in Chicago, already December in Tokyo.
  const service = createCallsService(
    {} as ReturnType<typeof createCallsRepo>,
    () => new Date('2026-12-01T03:30:00Z'),
  );

  it("starts at the first of the month in the practice's own time zone, and is bounded by the practice", () => {
    const chicago = service.statsQuery(practice('a', 'America/Chicago'), null, { period: 'month' });
    const tokyo = service.statsQuery(practice('b', 'Asia/Tokyo'), null, { period: 'month' });
    expect(chicago).toMatchObject({ practiceId: 'a', since: new Date('2026-11-01T05:00:00Z') });
    expect(tokyo).toMatchObject({ practiceId: 'b', since: new Date('2026-11-30T15:00:00Z') });
  });
});
