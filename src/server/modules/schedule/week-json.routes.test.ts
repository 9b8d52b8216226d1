import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatories, patients, providers } from '../../db/schema/index';
import { firstPracticeId } from '../../test/practice-number';
import { addDays, weekdayAhead } from '../../test/schedule-dates';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';

// ADR 062: the week of the built-in schedule is written from its rows straight into JSON bytes. It must be what the mapping in
// JavaScript (the adapter's listAppointments through toAppointmentItem) gives, for every kind of visit.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
});
afterAll(() => t.close());

describe('GET /api/appointments written from the rows (ADR 062)', () => {
  it('answers exactly what the mapping in JavaScript answers', async () => {
    const practiceId = await firstPracticeId(t);
    const db = t.database.db;
    // A provider and a room of the test's own: the demo seed's visits on that day must not decide whether these fit.
    const [provider] = await db
      .insert(providers)
      .values({ practiceId, name: 'Json Doc', displayName: 'Dr. Json', kind: 'dentist' })
      .returning();
    const [room] = await db
      .insert(operatories)
      .values({ practiceId, name: 'Json Room', displayName: 'Room Json' })
      .returning();
    const odd = await db
      .insert(patients)
      .values([
        {
          practiceId,
          givenName: '  Zoë\u00a0 Ann ',
          familyName: "O'Brien\t-\u2003Smith",
          phone: '+12125550181',
        },
        { practiceId, givenName: 'Nils', familyName: 'Ek', phone: '+12125550182', email: 'nils@example.com' },
        { practiceId, givenName: 'Ana', familyName: '', phone: '+12125550183' },
        { practiceId, givenName: 'Bo', familyName: 'Li', phone: '+12125550184' },
        { practiceId, givenName: 'Cy', familyName: 'Ng', phone: '+12125550185' },
      ])
      .returning();
    const day = weekdayAhead(t.clock.now(), 21);
    const rows: [number, string, string | null, string | null, string][] = [
      [0, 'confirmed', 'dental_checkup', room!.id, 'Phone: +12125550181\n"Quoted" \\ back 😀 \u2028 end'],
      [1, 'cancelled', null, null, ''],
      [2, 'no_show', 'emergency_dental', room!.id, 'tab\there'],
      [3, 'completed', 'dental_cleaning', null, 'Notes: kept'],
      [4, 'pending', 'filling', null, '<b>&amp;</b>'],
    ];
    for (const [i, status, type, operatory, notes] of rows) {
      await t.database.pool.query(
        `insert into appointments (practice_id, patient_id, provider_id, operatory_id, appointment_type, starts_at,
                                   ends_at, status, notes, confirmation_number)
         values ($1, $2, $3, $4, $5, ($6::date + time '14:00' + $7 * interval '45 minutes') at time zone 'America/New_York' + interval '250 milliseconds',
                 ($6::date + time '14:30' + $7 * interval '45 minutes') at time zone 'America/New_York', $8, $9, $10)`,
        [practiceId, odd[i]!.id, provider!.id, operatory, type, day, i, status, notes, `JSON${i}`],
      );
    }
    const start = addDays(day, -3);
    const end = addDays(day, 4);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/appointments?start=${start}&end=${end}`,
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(200);

    const schedule = t.modules.schedule.service;
    const practice = await schedule.forPractice((await schedule.practice(practiceId))!);
    const mapped = await schedule.listAppointments(practice, schedule.range(practice, start, end));
    expect(mapped.filter((a) => a.confirmation_number?.startsWith('JSON'))).toHaveLength(5);
    expect(response.json()).toEqual(
      JSON.parse(JSON.stringify({ appointments: mapped, time_zone: practice.timeZone })),
    );
  });
});
