import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/index';
import { patientWithVisit } from '../../test/patient-visit';
import { addDays, listSlots, practiceToday, weekdaysAhead } from '../../test/schedule-dates';
import { createTestApp, type TestApp } from '../../test/test-app';
import { firstPracticeId } from '../../test/practice-number';
import type { Practice } from './schedule.service';

/**
 * A move the practice system refuses says why (ADR 055, amendment 2026-12-08): a visit cancelled meanwhile
 * or a time gone by is not "not free, here are the nearest times"; and a move takes the confirmation away.
 */

let t: TestApp;
let admin: string;
let practice: Practice;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  const context = (await t.modules.schedule.service.practice(await firstPracticeId(t)))!;
  practice = await t.modules.schedule.service.forPractice(context);
});
afterAll(() => t.close());

const number = (n: number) => `+1312991${String(1000 + n)}`;
const staff = { channel: 'staff' } as const;
const statusOf = async (id: string) =>
  (await t.database.db.select().from(appointments).where(eq(appointments.id, id)))[0]!.status;

describe('a move the practice system refuses', () => {
  it('of a visit cancelled since it was read: says it cannot be moved, and offers no times', async () => {
    const schedule = t.modules.schedule.service;
    const [date, later] = weekdaysAhead(t.clock.now(), 3, 2);
    const visit = await patientWithVisit(t, admin, { name: 'Rae Voss', phone: number(1), date: date! });
    // Read on the call, then cancelled (by staff, a text) before the caller's move arrives.
    const read = (await schedule.appointment(practice, visit.id))!;
    await schedule.cancel(practice, read, staff);
    const [to] = await listSlots(t.app, admin, later!, visit.slot.provider_id, 'dental_cleaning');
    const move = schedule.reschedule(
      practice,
      read,
      { startTime: `${later}T${to!.time}:00`, providerId: to!.provider_id },
      staff,
    );
    await expect(move).rejects.toThrow(
      'This appointment has been cancelled or has already taken place, so it cannot be moved.',
    );
    await expect(move).rejects.not.toThrow(/not free|nearest/);
    expect(await statusOf(visit.id)).toBe('cancelled');
  });

  it('to a time gone by: says it has passed, not that it is taken', async () => {
    const schedule = t.modules.schedule.service;
    const [date] = weekdaysAhead(t.clock.now(), 4, 1);
    const visit = await patientWithVisit(t, admin, { name: 'Sol Imre', phone: number(2), date: date! });
    const read = (await schedule.appointment(practice, visit.id))!;
    let past = addDays(practiceToday(t.clock.now()), -1);
    while ([0, 6].includes(new Date(`${past}T12:00:00Z`).getUTCDay())) past = addDays(past, -1);
    const move = schedule.reschedule(
      practice,
      read,
      { startTime: `${past}T${visit.slot.time}:00`, providerId: visit.slot.provider_id },
      staff,
    );
    await expect(move).rejects.toThrow(/has already passed, so the appointment was not moved/);
    await expect(move).rejects.not.toThrow(/not free/);
  });
});

describe('a move and the confirmation', () => {
  it('a confirmed visit moved to another time is no longer confirmed; moved to the same time it stays so', async () => {
    const schedule = t.modules.schedule.service;
    const [date, later] = weekdaysAhead(t.clock.now(), 5, 2);
    const visit = await patientWithVisit(t, admin, { name: 'Tam Quill', phone: number(3), date: date! });
    const read = (await schedule.appointment(practice, visit.id))!;
    await schedule.confirm(practice, read, staff);
    expect((await schedule.appointment(practice, visit.id))!.confirmed).toBe(true);

    // The same time (the provider kept): still the visit the patient confirmed.
    const same = await schedule.reschedule(
      practice,
      (await schedule.appointment(practice, visit.id))!,
      { startTime: `${date}T${visit.slot.time}:00`, providerId: visit.slot.provider_id },
      staff,
    );
    expect(same.confirmed).toBe(true);

    const [to] = await listSlots(t.app, admin, later!, visit.slot.provider_id, 'dental_cleaning');
    const moved = await schedule.reschedule(
      practice,
      (await schedule.appointment(practice, visit.id))!,
      { startTime: `${later}T${to!.time}:00`, providerId: to!.provider_id },
      staff,
    );
    expect(moved.wallStart).toBe(`${later}T${to!.time}:00`);
    expect(moved.confirmed).toBe(false);
    expect(await statusOf(visit.id)).toBe('pending');
    // The confirmation call or text can ask again.
    await schedule.confirm(practice, moved, staff);
    expect(await statusOf(visit.id)).toBe('confirmed');
  });
});
