import { describe, expect, it } from 'vitest';
import type { WeekRow } from './schedule.repo';
import { weekJson } from './week-json';

const row = (i: number): WeekRow => [
  `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  Date.UTC(2026, 11, 1, 14, 0, 0, i % 1000),
  Date.UTC(2026, 11, 1, 14, 30),
  '2026-12-01T09:00:00',
  '2026-12-01T09:30:00',
  ['pending', 'confirmed', 'completed', 'cancelled', 'no_show'][i % 5]!,
  `Notes ${i}: "quoted" \\ Zoë 😀\n`,
  `C${i}`,
  i % 3 === 0 ? null : 'dental_checkup',
  `p${i % 7}`,
  ` Ana\u00a0 ${i % 7}`,
  'Ek ',
  `v${i % 4}`,
  `Dr. ${i % 4}`,
  i % 2 ? `o${i % 3}` : null,
  i % 2 ? `Room ${i % 3}` : null,
];

describe('the week as JSON bytes (ADR 062)', () => {
  it('writes many rows past its first buffer, each field as the API shapes it', () => {
    const rows = Array.from({ length: 3000 }, (_, i) => row(i));
    const bytes = weekJson(rows, 'America/New_York');
    expect(bytes.length).toBeGreaterThan(1 << 16);
    const { appointments, time_zone } = JSON.parse(bytes.toString('utf8'));
    expect(time_zone).toBe('America/New_York');
    expect(appointments).toHaveLength(3000);
    expect(appointments[2999]).toEqual({
      remote_id: '00000000-0000-4000-8000-000000002999',
      start_time: '2026-12-01T14:00:00.999Z',
      end_time: '2026-12-01T14:30:00.000Z',
      wall_start_time: '2026-12-01T09:00:00',
      wall_end_time: '2026-12-01T09:30:00',
      contact: { given_name: ' Ana\u00a0 3', family_name: 'Ek ', name: 'Ana 3 Ek' },
      resources: [
        { type: 'PROVIDER', remote_id: 'v3', display_name: 'Dr. 3' },
        { type: 'OPERATORY', remote_id: 'o2', display_name: 'Room 2' },
      ],
      providers: [{ remote_id: 'v3', display_name: 'Dr. 3' }],
      operatory: 'Room 2',
      appointment_type: 'dental_checkup',
      notes: 'Notes 2999: "quoted" \\ Zoë 😀\n',
      confirmed: false,
      completed: false,
      cancelled: true,
      no_show: true,
      confirmation_number: 'C2999',
    });
    expect(appointments[2]).toMatchObject({ resources: [{ type: 'PROVIDER' }], operatory: null });
  });

  it('gives each week its own bytes, though one scratch buffer writes them all', () => {
    const big = weekJson(
      Array.from({ length: 3000 }, (_, i) => row(i)),
      'America/New_York',
    );
    const kept = Buffer.from(big);
    const small = weekJson([row(7)], 'UTC');
    expect(big.equals(kept)).toBe(true);
    expect(small.length).toBeLessThan(1000);
    expect(JSON.parse(small.toString()).appointments[0].confirmation_number).toBe('C7');
  });

  it('writes an empty week', () => {
    expect(JSON.parse(weekJson([], 'UTC').toString())).toEqual({ appointments: [], time_zone: 'UTC' });
  });
});
