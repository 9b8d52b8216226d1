import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandom } from '../../../db/seed/random';
import { APPOINTMENT_STATUSES } from '../../../db/schema/index';
import { addMinutesToWall, addMonthsToDate, instantFromWall, wallFromInstant } from '../../../lib/wall-time';
import { createRecallPractice } from '../../../test/recall-practice';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { Appointment, PracticeManagement } from '../port';
import { isBooked, isHygieneVisit, isKeptVisit, RECALL_LOOKBACK_MONTHS } from '../recall';

/**
 * The built-in schedule answers recall (issue 24) in one grouped SQL query; Kolla groups in code with
 * recall.ts's `isKeptVisit`, `isBooked` and `isHygieneVisit`. On a few hundred random visits (every status,
 * hygiene and other types, years back and ahead, one going on right now) the query must say exactly what those
 * functions say of the same appointments: one rule, written twice, held together here.
 */
let t: TestApp;
let pms: PracticeManagement;
let zone: string;

beforeAll(async () => {
  t = await createTestApp();
  const p = await createRecallPractice(t, { number: '+13125556100' });
  zone = p.timeZone;
  const random = createRandom(24);
  const types = ['dental_cleaning', 'dental_checkup', 'filling', 'root_canal', 'periodontal_treatment'];
  const days = Array.from({ length: 1300 }, (_, i) => i - 1150);
  const patients = [];
  for (let i = 0; i < 40; i++) patients.push(await p.patient(`Parity Patient${i}`, `+1312555${7000 + i}`));
  for (const patient of patients) {
    for (let v = random.int(0, 6); v > 0; v--) {
      // Each visit on a day of its own: nothing overlaps.
      const day = days.splice(random.int(0, days.length - 1), 1)[0]!;
      const date = addMinutesToWall(`${p.today()}T00:00:00`, day * 1440).slice(0, 10);
      await p.visit(patient, date, {
        type: random.pick(types),
        status: random.pick(APPOINTMENT_STATUSES),
        time: random.pick(['08:00', '10:30', '15:00']),
      });
    }
  }
  // Going on right now: not over, so booked rather than kept.
  const now = wallFromInstant(t.clock.now(), zone);
  await p.visit(patients[0]!, now.slice(0, 10), {
    time: addMinutesToWall(now, -10).slice(11, 16),
    minutes: 30,
    status: 'confirmed',
  });
  const practice = await t.modules.schedule.service.practice(p.id);
  pms = (await t.modules.schedule.service.forPractice(practice!)).pms;
});
afterAll(() => t.close());

/** What recall.ts's functions make of the appointments themselves. */
function expected(list: Appointment[], dueBefore: Date, now: Date) {
  const byPatient = new Map<string, { last?: Date; booked: boolean }>();
  for (const a of list) {
    const entry = byPatient.get(a.contact.remoteId!) ?? { booked: false };
    byPatient.set(a.contact.remoteId!, entry);
    if (isBooked(a, now)) entry.booked = true;
    if (isKeptVisit(a, now) && isHygieneVisit(a.appointmentType) && !(entry.last && entry.last > a.start))
      entry.last = a.start;
  }
  return [...byPatient]
    .flatMap(([id, { last, booked }]) => (last && !booked && last < dueBefore ? [{ id, last }] : []))
    .sort((a, b) => a.last.getTime() - b.last.getTime() || a.id.localeCompare(b.id))
    .map(({ id, last }) => [id, last.toISOString()]);
}

describe("the built-in schedule's recall query", () => {
  it.each([3, 6, 12])('says what isKeptVisit and isBooked say, with a %i-month interval', async (months) => {
    const now = t.clock.now();
    const today = wallFromInstant(now, zone).slice(0, 10);
    const midnight = (date: string) => instantFromWall(`${date}T00:00:00`, zone);
    const since = midnight(addMonthsToDate(today, -RECALL_LOOKBACK_MONTHS));
    const dueBefore = midnight(addMonthsToDate(today, -months));
    const all = await pms.listAppointments({ start: since, end: new Date(now.getTime() + 3 * 366 * 864e5) });
    const want = expected(all, dueBefore, now);
    expect(want.length).toBeGreaterThan(2);
    const got = await pms.dueForRecall({ since, dueBefore, now });
    expect(got.map((d) => [d.patient.remoteId, d.lastVisit.start.toISOString()])).toEqual(want);
  });
});
