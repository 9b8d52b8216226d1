import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../integrations/practice-management/port';
import { isLate, outcomeOf } from './outcomes';

const START = new Date('2025-03-20T14:00:00Z');
const NOW = new Date('2025-03-25T00:00:00Z');
const visit = (flags: Partial<Appointment>): Appointment => ({
  remoteId: 'A1',
  start: START,
  end: new Date(START.getTime() + 1_800_000),
  wallStart: '2025-03-20T10:00:00',
  wallEnd: '2025-03-20T10:30:00',
  contact: { givenName: 'Ann', familyName: 'Lee', name: 'Ann Lee' },
  providers: [],
  resources: [],
  notes: '',
  confirmed: false,
  completed: false,
  cancelled: false,
  noShow: false,
  ...flags,
});

describe('what the practice system says happened to a visit', () => {
  it('a no-show, a cancellation (late under 24 hours), a kept visit, or nothing yet', () => {
    const at = (iso: string) => ({ updatedAt: new Date(iso) });
    expect(outcomeOf(visit({ cancelled: true, noShow: true, ...at('2025-03-20T15:00:00Z') }), NOW)).toEqual({
      appointmentRef: 'A1',
      outcome: 'no_show',
      late: false,
      decidedAt: new Date('2025-03-20T15:00:00Z'),
    });
    expect(outcomeOf(visit({ cancelled: true, ...at('2025-03-19T14:00:01Z') }), NOW)).toMatchObject({
      outcome: 'cancelled',
      late: true,
    });
    expect(outcomeOf(visit({ cancelled: true, ...at('2025-03-19T14:00:00Z') }), NOW)).toMatchObject({
      outcome: 'cancelled',
      late: false,
    });
    expect(outcomeOf(visit({ completed: true }), NOW)).toMatchObject({ outcome: 'kept', decidedAt: NOW });
    expect(outcomeOf(visit({ confirmed: true }), NOW)).toBeUndefined();
  });

  it('calls a cancellation late when it comes less than 24 hours before the start, or after it', () => {
    expect(isLate(START, new Date('2025-03-19T14:00:00Z'))).toBe(false);
    expect(isLate(START, new Date('2025-03-19T14:00:00.001Z'))).toBe(true);
    expect(isLate(START, new Date('2025-03-21T00:00:00Z'))).toBe(true);
  });
});
