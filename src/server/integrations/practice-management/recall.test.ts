import { describe, expect, it } from 'vitest';
import { isBooked, isHygieneVisit, isKeptVisit } from './recall';

const NOW = new Date('2025-07-07T16:00:00Z');
const at = (iso: string) => new Date(iso);

describe('the recall rules (issue 24)', () => {
  it('counts cleanings and checkups, by code or by a practice system’s own words, as hygiene visits', () => {
    for (const type of [
      'dental_cleaning',
      'dental_checkup',
      'Prophy',
      'Adult prophylaxis',
      'Recall',
      'Check-up',
    ])
      expect(isHygieneVisit(type), type).toBe(true);
    for (const type of [undefined, '', 'filling', 'root_canal', 'Crown prep', 'Cleanup of records'])
      expect(isHygieneVisit(type), String(type)).toBe(false);
  });

  it('keeps a visit that is over and not cancelled; one not over yet is booked; a cancelled one is neither', () => {
    const over = { cancelled: false, end: at('2025-07-07T15:00:00Z') };
    const endsNow = { cancelled: false, end: NOW };
    const going = { cancelled: false, end: at('2025-07-07T16:10:00Z') };
    const cancelled = { cancelled: true, end: at('2025-06-01T15:00:00Z') };
    const cancelledAhead = { cancelled: true, end: at('2025-08-01T15:00:00Z') };
    expect([over, endsNow, going, cancelled, cancelledAhead].map((v) => isKeptVisit(v, NOW))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect([over, endsNow, going, cancelled, cancelledAhead].map((v) => isBooked(v, NOW))).toEqual([
      false,
      false,
      true,
      false,
      false,
    ]);
  });
});
