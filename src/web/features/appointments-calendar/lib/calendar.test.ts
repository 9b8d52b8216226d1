import { describe, expect, it } from 'vitest';
import type { AppointmentItem } from '#shared/schemas/schedule';
import {
  displayStatus,
  parseNotes,
  placeAppointments,
  locationLabel,
  placement,
  providerLabel,
  rowLabel,
  weekCounts,
  weekDays,
  weekLabel,
  weekRange,
  weekStartOf,
} from './calendar';

const appointment = (over: Partial<AppointmentItem> = {}): AppointmentItem => ({
  remote_id: 'a1',
  start_time: '2026-03-04T14:00:00.000Z',
  end_time: '2026-03-04T14:30:00.000Z',
  wall_start_time: '2026-03-04T09:00:00',
  wall_end_time: '2026-03-04T09:30:00',
  contact: { given_name: 'Ann', family_name: 'Lee', name: 'Ann Lee' },
  resources: [],
  providers: [],
  operatory: null,
  appointment_type: 'filling',
  notes: '',
  confirmed: false,
  completed: false,
  cancelled: false,
  no_show: false,
  confirmation_number: 'ABC234',
  ...over,
});

describe('the week', () => {
  it('runs Sunday to Saturday from any day in it', () => {
    const start = weekStartOf(new Date(2026, 2, 4, 15, 30));
    expect(start).toEqual(new Date(2026, 2, 1));
    expect(weekStartOf(new Date(2026, 2, 1))).toEqual(start);
    expect(weekStartOf(new Date(2026, 2, 7, 23, 59))).toEqual(start);
    expect(weekDays(start).map((d) => d.getDate())).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('asks for [Sunday, next Sunday) and labels the range', () => {
    const start = new Date(2026, 11, 27);
    expect(weekRange(start)).toEqual({ start: '2026-12-27', end: '2027-01-03' });
    expect(weekLabel(start)).toBe('Dec 27 - Jan 2, 2027');
  });

  it('has 48 half-hour row labels from 12:00 AM to 11:30 PM', () => {
    expect(rowLabel(0)).toBe('12:00 AM');
    expect(rowLabel(19)).toBe('9:30 AM');
    expect(rowLabel(47)).toBe('11:30 PM');
  });

  it('keeps whole days across a daylight-saving change', () => {
    expect(weekRange(new Date(2026, 2, 8))).toEqual({ start: '2026-03-08', end: '2026-03-15' });
  });
});

describe('placement by wall time', () => {
  const week = new Date(2026, 2, 1);

  it('puts a start in the row of its hour and half hour', () => {
    expect(placement('2026-03-01T00:00:00', week)).toEqual({ day: 0, row: 0 });
    expect(placement('2026-03-04T09:00:00', week)).toEqual({ day: 3, row: 18 });
    expect(placement('2026-03-04T09:29:00', week)).toEqual({ day: 3, row: 18 });
    expect(placement('2026-03-04T09:30:00', week)).toEqual({ day: 3, row: 19 });
    expect(placement('2026-03-07T23:45:00', week)).toEqual({ day: 6, row: 47 });
  });

  it('leaves out starts outside the week', () => {
    expect(placement('2026-02-28T23:59:00', week)).toBeUndefined();
    expect(placement('2026-03-08T00:00:00', week)).toBeUndefined();
  });

  it('groups appointments by cell in start order', () => {
    const cells = placeAppointments(
      [
        appointment({ remote_id: 'late', wall_start_time: '2026-03-04T09:15:00' }),
        appointment({ remote_id: 'early', wall_start_time: '2026-03-04T09:00:00' }),
        appointment({ remote_id: 'other', wall_start_time: '2026-03-05T14:30:00' }),
        appointment({ remote_id: 'outside', wall_start_time: '2026-03-09T09:00:00' }),
      ],
      week,
    );
    expect(cells.get('3:18')?.map((a) => a.remote_id)).toEqual(['early', 'late']);
    expect(cells.get('4:29')?.map((a) => a.remote_id)).toEqual(['other']);
    expect([...cells.values()].flat()).toHaveLength(3);
  });
});

describe('status, counters and the hover card fields', () => {
  it('checks cancelled, completed, confirmed, then pending', () => {
    expect(displayStatus({ cancelled: true, completed: true, confirmed: true })).toBe('cancelled');
    expect(displayStatus({ cancelled: false, completed: true, confirmed: true })).toBe('completed');
    expect(displayStatus({ cancelled: false, completed: false, confirmed: true })).toBe('confirmed');
    expect(displayStatus({ cancelled: false, completed: false, confirmed: false })).toBe('pending');
  });

  it('counts the week by display status', () => {
    expect(
      weekCounts([
        appointment({ confirmed: true }),
        appointment({ confirmed: true, completed: true }),
        appointment({ confirmed: true, cancelled: true }),
        appointment(),
      ]),
    ).toEqual({ total: 4, confirmed: 1, completed: 1 });
  });

  it("names the dentist as the provider (not the room), else 'Dr. Unknown'", () => {
    expect(providerLabel(appointment())).toBe('Dr. Unknown');
    const resources = [
      { type: 'PROVIDER', remote_id: 'p', display_name: 'Dr. Smith' },
      { type: 'OPERATORY', remote_id: 'o', display_name: 'Room 1' },
    ];
    expect(providerLabel(appointment({ resources }))).toBe('Dr. Smith');
    expect(
      providerLabel(appointment({ resources, providers: [{ remote_id: 'p2', display_name: 'Dr. Jones' }] })),
    ).toBe('Dr. Jones');
    expect(locationLabel(appointment({ resources }))).toBe('Room 1');
  });

  it("reads the labelled note lines, hiding 'No additional notes' and showing an empty e-mail as N/A", () => {
    expect(
      parseNotes('Phone: +15551234567\nEmail: \nAppointment Type: Filling\nNotes: No additional notes'),
    ).toEqual({ phone: '+15551234567', email: 'N/A', appointmentType: 'Filling' });
    expect(parseNotes('Phone: N/A\nNotes: Sensitive tooth')).toEqual({
      phone: 'N/A',
      notes: 'Sensitive tooth',
    });
    expect(parseNotes('Bring x-rays')).toEqual({ notes: 'Bring x-rays' });
    expect(parseNotes('')).toEqual({});
  });
});
