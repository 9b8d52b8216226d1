import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDetail, SimulationScenario } from '#shared/schemas/calls';
import { appointments, calls, patients, phoneNumbers } from '../../db/schema/index';
import { DEMO_PRACTICE_NAME } from '../../db/seed/demo-practice';
import { instantFromWall } from '../../lib/wall-time';
import { firstPracticeId } from '../../test/practice-number';
import { listSlots, PRACTICE_ZONE, weekdayAhead, weekdaysAhead } from '../../test/schedule-dates';
import { bearer, consoleCall, createTestApp, type TestApp } from '../../test/test-app';

/** The sandbox caller (issue 21 item 14, ADR 046): what a simulated call says and what it hands over. */
let t: TestApp;
let admin: string;
let mainLine: typeof phoneNumbers.$inferSelect;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  [mainLine] = (await t.database.db
    .select()
    .from(phoneNumbers)
    .where(eq(phoneNumbers.name, 'Main Line'))) as [typeof phoneNumbers.$inferSelect];
});
afterAll(() => t.close());

async function simulate(scenario: SimulationScenario, callerNumber?: string): Promise<CallDetail> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/calls/simulate',
    headers: bearer(admin),
    payload: { phoneNumberId: mainLine.id, scenario, ...(callerNumber && { callerNumber }) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().call as CallDetail;
}

describe('the sandbox caller', () => {
  it("greets with the practice's name, not the number's", async () => {
    const call = await simulate('question-then-hang-up');
    expect(call.transcript).toMatch(
      new RegExp(`^AI: Thank you for calling ${DEMO_PRACTICE_NAME}, this is Riley`),
    );
    expect(call.transcript).not.toContain(mainLine.name);
  });

  it('offers another time than the one just refused, even when another doctor is free at that time', async () => {
    // The scenario asks for the first appointment more than a day ahead: make it ours, at the first free time of
    // a day when another doctor is free at that same time too.
    const db = t.database.db;
    const dayAfter = new Date(t.clock.now().getTime() + 24 * 3600_000);
    await db.update(appointments).set({ status: 'cancelled' }).where(gt(appointments.startsAt, dayAfter));
    const day = weekdayAhead(t.clock.now(), 3);
    const [first, ...others] = await listSlots(t.app, admin, day, 'first_available', 'dental_checkup');
    const [patient] = await db.select().from(patients).orderBy(asc(patients.createdAt), asc(patients.id));
    const startsAt = instantFromWall(`${day}T${first!.time}:00`, PRACTICE_ZONE);
    await db.insert(appointments).values({
      practiceId: await firstPracticeId(t),
      patientId: patient!.id,
      providerId: first!.provider_id,
      appointmentType: 'dental_checkup',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      status: 'confirmed',
      confirmationNumber: 'SIMTAKEN1',
    });
    const stillFree = await listSlots(t.app, admin, day, 'first_available', 'dental_checkup');
    expect(
      stillFree.some((s) => s.time === first!.time),
      'another doctor free then',
    ).toBe(true);
    expect(others.length).toBeGreaterThan(0);

    const call = await simulate('taken-time-accepts-another');
    const asked = /checkup on (\S+) at (\d+:\d\d [AP]M)\?/.exec(call.transcript!);
    const offered = /I can offer (\S+) at (\d+:\d\d [AP]M) with/.exec(call.transcript!);
    expect(asked, call.transcript!).not.toBeNull();
    expect(offered, call.transcript!).not.toBeNull();
    expect(`${offered![1]} ${offered![2]}`).not.toBe(`${asked![1]} ${asked![2]}`);
    expect(call.transcript).toContain('confirmation number');
  });

  it('hands over the appointment request as the platform would extract it (structuredData)', async () => {
    const cleaning = await simulate('new-patient-cleaning');
    const question = await simulate('question-then-hang-up');
    const extraction = async (id: string) =>
      (
        await t.database.db
          .select({ analysis: calls.analysis })
          .from(calls)
          .where(and(eq(calls.id, id)))
      )[0]!.analysis?.structuredData;
    const booked = /confirmation number is (\w+)/.exec(cleaning.transcript!)?.[1];
    const [appointment] = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.confirmationNumber, booked!));
    const wall = new Intl.DateTimeFormat('sv-SE', {
      timeZone: PRACTICE_ZONE,
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(appointment!.startsAt);
    expect(await extraction(cleaning.id)).toEqual({
      isAppointmentRequest: true,
      patientName: 'Sofía Álvarez',
      phoneNumber: cleaning.customer.number,
      appointmentType: 'dental_cleaning',
      preferredDate: wall.slice(0, 10),
      preferredTime: wall.slice(11, 16),
    });
    expect(await extraction(question.id)).toEqual({ isAppointmentRequest: false });

    // The processor reads it: the analysis of the call's own transcript is the extraction, with its words.
    const analysed = await t.app.inject({
      method: 'POST',
      url: '/api/analyze-transcript',
      headers: bearer(admin),
      payload: { transcript: cleaning.transcript, callId: cleaning.id },
    });
    expect(analysed.json().appointmentRequest).toMatchObject({
      patientName: 'Sofía Álvarez',
      appointmentType: 'dental_cleaning',
      preferredDate: wall.slice(0, 10),
      preferredTime: wall.slice(11, 16),
    });
    expect(analysed.json().evidence.patientName.length).toBeGreaterThan(0);
  });

  describe('changes by phone (issue 24)', () => {
    /** A patient of the test's own with a cleaning at the first free time on `date`. */
    async function cleaningFor(name: string, phone: string, date: string) {
      const [slot] = await listSlots(t.app, admin, date, 'first_available', 'dental_cleaning');
      const booked = await consoleCall(t.app, admin, 'bookAppointment', {
        appointment_type: 'dental_cleaning',
        date,
        time: slot!.time,
        provider_id: slot!.provider_id,
        patient_info: { name, phone_number: phone },
      });
      expect(booked.statusCode, booked.body).toBe(200);
      const number = booked.json().appointment.confirmation_number as string;
      const [row] = await t.database.db
        .select()
        .from(appointments)
        .where(eq(appointments.confirmationNumber, number));
      return row!;
    }

    it('a patient moves their cleaning to next week on the call, and Call Logs shows how', async () => {
      const [date] = weekdaysAhead(t.clock.now(), 3, 1);
      const visit = await cleaningFor('Rhea Dunmore', '+13129905001', date!);
      const call = await simulate('existing-patient-reschedules', '(312) 990-5001');
      expect(call.transcript).toContain('I need to move my cleaning to next week');
      expect(call.transcript).toMatch(/Your confirmation number stays \w+/);
      const [moved] = await t.database.db.select().from(appointments).where(eq(appointments.id, visit.id));
      expect(moved!.startsAt.getTime()).toBeGreaterThan(visit.startsAt.getTime() + 3 * 24 * 3600_000);
      expect(moved!.status).not.toBe('cancelled');
      expect(call.messages.map((m) => m.content).join('\n')).toMatch(
        /rescheduleAppointment: \{"success":true/,
      );
    });

    it('a patient cancels their visit on the call, and it is freed in the calendar', async () => {
      const [date] = weekdaysAhead(t.clock.now(), 4, 1);
      const visit = await cleaningFor('Saul Brennan', '+13129905002', date!);
      const call = await simulate('existing-patient-cancels', '+13129905002');
      expect(call.transcript).toContain(`I can't make my appointment`);
      expect(call.transcript).toContain('It is cancelled.');
      const [row] = await t.database.db.select().from(appointments).where(eq(appointments.id, visit.id));
      expect(row!.status).toBe('cancelled');
    });

    it('a caller naming another patient learns nothing and changes nothing', async () => {
      const [date] = weekdaysAhead(t.clock.now(), 5, 1);
      await cleaningFor('Tova Lind', '+13129905003', date!);
      const before = await t.database.db.select().from(appointments);
      const call = await simulate('caller-names-another-patient', '+13129905003');
      const [other] = await t.database.db
        .select()
        .from(patients)
        .orderBy(asc(patients.createdAt), asc(patients.familyName), asc(patients.givenName), asc(patients.id))
        .limit(1);
      expect(call.transcript).toContain(`I'm calling for ${other!.givenName} ${other!.familyName}`);
      expect(call.transcript).toContain('I have asked our staff to call you back');
      const theirs = before.filter((a) => a.patientId === other!.id);
      const spoken = call.transcript! + call.messages.map((m) => m.content).join('\n');
      for (const a of theirs) expect(spoken).not.toContain(a.confirmationNumber);
      expect(spoken).not.toMatch(/appointment_id/);
      const after = await t.database.db.select().from(appointments);
      expect(after.map((a) => `${a.id}:${a.status}:${a.startsAt.toISOString()}`).sort()).toEqual(
        before.map((a) => `${a.id}:${a.status}:${a.startsAt.toISOString()}`).sort(),
      );
    });
  });
});
