import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRACTICE_TYPES } from '#shared/schemas/practices';
import { ProviderListResponseSchema } from '#shared/schemas/schedule';
import { operatories, providers, providerWorkingHours } from '../../db/schema/index';
import { startBuiltInSchedule } from '../../integrations/practice-management/sandbox/starter-schedule';
import { createOtherPractice, type OtherPractice } from '../../test/other-practice';
import { parseResponse } from '../../test/parse-response';
import { listSlots, weekdayAhead } from '../../test/schedule-dates';
import { bearer, consoleCall, createTestApp, type TestApp } from '../../test/test-app';

/** Issue 22: a new practice that links the built-in schedule can book at once. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const link = (session: string, connectorId = 'sandbox', name = 'Our schedule') =>
  t.app.inject({
    method: 'POST',
    url: '/api/connectors',
    payload: { name, consumerId: `c-${name}`, connectorId },
    headers: bearer(session),
  });

const providersOf = async (session: string) =>
  parseResponse(
    await t.app.inject({ url: '/api/providers', headers: bearer(session) }),
    ProviderListResponseSchema,
  ).providers;

const countOf = async (practiceId: string) => {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(providers)
    .where(eq(providers.practiceId, practiceId));
  return row!.n;
};

describe('linking the built-in schedule', () => {
  let clinic: OtherPractice;
  let admin: string;
  beforeAll(async () => {
    clinic = await createOtherPractice(t, {
      name: 'Lakeview Clinic',
      practiceType: 'medical-clinics',
      timeZone: 'America/Denver',
    });
    admin = await clinic.asAdmin();
  });

  it("gives a new practice a starter schedule it books on: a doctor open weekdays 09:00–12:00 and 13:00–17:00 of the practice's clock", async () => {
    expect(await countOf(clinic.id)).toBe(0);
    expect((await link(admin)).statusCode).toBe(200);

    const [doctor, ...others] = await providersOf(admin);
    expect(others).toEqual([]);
    expect(doctor!.display_name).toBe('Doctor');
    const day = weekdayAhead(t.clock.now(), 7);
    const slots = await listSlots(t.app, admin, day, doctor!.remote_id, 'dental_checkup');
    const times = slots.map((s) => s.time);
    expect(times[0]).toBe('09:00');
    expect(times).toContain('13:00');
    expect(times.every((time) => time < '12:00' || time >= '13:00')).toBe(true);
    expect(slots.every((s) => s.start_time.startsWith(`${day}T`))).toBe(true);

    const booked = await consoleCall(t.app, admin, 'bookAppointment', {
      appointment_type: 'dental_checkup',
      date: day,
      time: '09:00',
      provider_id: doctor!.remote_id,
      patient_info: { name: 'Nora Quinn', phone_number: '+17205550142' },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const after = await listSlots(t.app, admin, day, doctor!.remote_id, 'dental_checkup');
    expect(after.map((s) => s.time)).not.toContain('09:00');
  });

  it('makes it once: linking again, re-pointing a connector or two links at once add nothing', async () => {
    expect(await countOf(clinic.id)).toBe(1);
    const responses = await Promise.all([
      link(admin, 'sandbox', 'Again 1'),
      link(admin, 'sandbox', 'Again 2'),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    const { id } = (await link(admin, 'kolla-1', 'Elsewhere')).json().connector as { id: string };
    const repointed = await t.app.inject({
      method: 'PATCH',
      url: `/api/connectors/${id}`,
      payload: { name: 'Elsewhere', consumerId: 'c-else', connectorId: 'sandbox' },
      headers: bearer(admin),
    });
    expect(repointed.statusCode, repointed.body).toBe(200);
    expect(await countOf(clinic.id)).toBe(1);
  });

  it("keeps a practice's own providers: the demo practice links another built-in schedule and has its four", async () => {
    const demoAdmin = await t.asAdmin();
    const before = (await providersOf(demoAdmin)).map((p) => p.display_name);
    expect(before).toHaveLength(4);
    expect((await link(demoAdmin, 'sandbox', 'Second desk')).statusCode).toBe(200);
    expect((await providersOf(demoAdmin)).map((p) => p.display_name)).toEqual(before);
  });

  it("makes nothing for a vendor's system: its schedule is the practice's own", async () => {
    const other = await createOtherPractice(t, { practiceType: 'dental-practices' });
    expect((await link(await other.asAdmin(), 'dentrix', 'Dentrix')).statusCode).toBe(200);
    expect(await countOf(other.id)).toBe(0);
  });
});

describe('the starter schedule of each kind of practice', () => {
  it.each(PRACTICE_TYPES)(
    '%s: providers named for the practice, a room each, ten blocks a week',
    async (type) => {
      const practice = await createOtherPractice(t, { practiceType: type });
      expect(await startBuiltInSchedule(t.database.db, practice.id)).toBe(true);
      expect(await startBuiltInSchedule(t.database.db, practice.id)).toBe(false);
      const names = await t.database.db
        .select({ name: providers.displayName })
        .from(providers)
        .where(eq(providers.practiceId, practice.id));
      expect(names.map((n) => n.name).sort()).toEqual(
        {
          'dental-practices': ['Dentist', 'Hygienist'],
          'medical-clinics': ['Doctor'],
          'veterinary-clinics': ['Veterinarian'],
          'spas-wellness': ['Therapist'],
        }[type],
      );
      const [rooms] = await t.database.db
        .select({ n: count() })
        .from(operatories)
        .where(eq(operatories.practiceId, practice.id));
      expect(rooms!.n).toBe(names.length);
      const [blocks] = await t.database.db
        .select({ n: count() })
        .from(providerWorkingHours)
        .where(eq(providerWorkingHours.practiceId, practice.id));
      expect(blocks!.n).toBe(10 * names.length);
    },
  );
});
