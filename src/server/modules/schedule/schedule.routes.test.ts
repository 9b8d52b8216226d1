import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AppointmentListResponseSchema,
  PatientsWithAppointmentsResponseSchema,
  ProviderListResponseSchema,
  SlotListResponseSchema,
  type AppointmentItem,
  type SlotItem,
} from '#shared/schemas/schedule';
import type { ZodType } from 'zod';
import { parseResponse } from '../../test/parse-response';
import { userConnectors, userPermissions, users } from '../../db/schema/index';
import { DEMO_FRONT_DESK } from '../../db/seed/demo-practice';
import { instantFromWall, minutesOfDay } from '../../lib/wall-time';
import { bearer, consoleCall, createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_APPOINTMENT_TARGET } from '../../db/seed/demo-schedule';
import { NO_CONNECTOR_MESSAGE } from './schedule.service';
import { addDays, practiceToday, PRACTICE_ZONE, weekdayAhead } from '../../test/schedule-dates';

let t: TestApp;
let admin: string;
let frontDesk: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.asAdmin();
  frontDesk = await t.asFrontDesk();
});
afterAll(() => t.close());

const get = (url: string, sessionId: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(sessionId) });
const schemaOf = (url: string) =>
  url.startsWith('/api/providers')
    ? ProviderListResponseSchema
    : url.startsWith('/api/appointments')
      ? AppointmentListResponseSchema
      : url.startsWith('/api/slots/')
        ? SlotListResponseSchema
        : PatientsWithAppointmentsResponseSchema;
/** A 200 answer, checked against the route's response schema. */
const ok = async (url: string, sessionId = admin) => {
  const response = await get(url, sessionId);
  parseResponse(response, schemaOf(url) as ZodType<unknown>);
  return response.json();
};

async function frontDeskId() {
  const [user] = await t.database.db.select().from(users).where(eq(users.email, DEMO_FRONT_DESK.email));
  return user!.id;
}

describe('GET /api/providers', () => {
  it('lists the 3 dentists and the hygienist', async () => {
    const { providers } = await ok('/api/providers');
    expect(providers).toHaveLength(4);
    expect(providers[0]).toEqual({
      remote_id: expect.any(String),
      name: 'Emily Thompson',
      display_name: 'Dr. Emily Thompson',
    });
    expect(providers.at(-1).display_name).toBe('Jessica Park, RDH');
  });
});

describe('GET /api/appointments', () => {
  it('answers the demo schedule around today in the part-1 shape', async () => {
    const body = (await ok('/api/appointments')) as { appointments: AppointmentItem[]; time_zone: string };
    // The calendar's "today" is the practice's.
    expect(body.time_zone).toBe('America/New_York');
    const { appointments } = body;
    expect(appointments.length).toBeGreaterThan(DEMO_APPOINTMENT_TARGET * 0.9);
    const first = appointments[0]!;
    expect(Object.keys(first).sort()).toEqual(
      [
        'appointment_type',
        'cancelled',
        'completed',
        'confirmation_number',
        'confirmed',
        'contact',
        'end_time',
        'no_show',
        'notes',
        'operatory',
        'providers',
        'remote_id',
        'resources',
        'start_time',
        'wall_end_time',
        'wall_start_time',
      ].sort(),
    );
    expect(first.contact.name).toBe(`${first.contact.given_name} ${first.contact.family_name}`);
    expect(first.resources.map((r) => r.type).sort()).toEqual(['OPERATORY', 'PROVIDER']);
    expect(first.notes).toMatch(/^Phone: \+1\d{10}\nEmail: .+\nAppointment Type: .+\nNotes: .+$/);
    expect(first.confirmation_number).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    // Wall times are the practice's clock.
    expect(instantFromWall(first.wall_start_time, PRACTICE_ZONE).toISOString()).toBe(first.start_time);
    const starts = appointments.map((a) => a.start_time);
    expect(starts).toEqual([...starts].sort());
    // A mix of states.
    expect(appointments.some((a) => a.completed)).toBe(true);
    expect(appointments.some((a) => a.confirmed)).toBe(true);
    expect(appointments.some((a) => a.cancelled)).toBe(true);
    expect(appointments.some((a) => !a.confirmed && !a.completed && !a.cancelled)).toBe(true);
  });

  it('takes a start and end (dates are practice-local days)', async () => {
    const day = weekdayAhead(t.clock.now(), 1);
    const { appointments } = (await ok(`/api/appointments?start=${day}&end=${addDays(day, 1)}`)) as {
      appointments: AppointmentItem[];
    };
    expect(appointments.every((a) => a.wall_start_time.startsWith(day))).toBe(true);
    const bad = await get(`/api/appointments?start=${day}&end=${addDays(day, -1)}`, admin);
    expect(bad.statusCode).toBe(400);
    const tooLong = await get(`/api/appointments?start=${day}&end=${addDays(day, 200)}`, admin);
    expect(tooLong.statusCode).toBe(400);
  });

  it('compresses the list for clients that accept it, and shows a booking at once', async () => {
    const plain = await get('/api/appointments', admin);
    for (const encoding of ['br', 'gzip'] as const) {
      const response = await t.app.inject({
        url: '/api/appointments',
        headers: { ...bearer(admin), 'accept-encoding': `${encoding}, deflate` },
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toBe('accept-encoding');
      const raw =
        encoding === 'br' ? brotliDecompressSync(response.rawPayload) : gunzipSync(response.rawPayload);
      expect(raw.toString()).toBe(plain.body);
      expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    }
    const day = weekdayAhead(t.clock.now(), 2);
    const { providers } = (await ok('/api/providers')) as { providers: { remote_id: string }[] };
    const { slots } = (await ok(`/api/slots/${day}/${providers[0]!.remote_id}`)) as { slots: SlotItem[] };
    const before = (await ok('/api/appointments')) as { appointments: AppointmentItem[] };
    const booked = await consoleCall(t.app, admin, 'bookAppointment', {
      appointment_type: 'dental_checkup',
      date: day,
      time: slots[0]!.time,
      provider_id: providers[0]!.remote_id,
      patient_info: { name: 'Cache Check', phone_number: '+15555550142' },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const after = (await ok('/api/appointments')) as { appointments: AppointmentItem[] };
    expect(after.appointments).toHaveLength(before.appointments.length + 1);
    expect(after.appointments.some((a) => a.contact.name === 'Cache Check')).toBe(true);
  });
});

describe('GET /api/slots/{date}/{provider}', () => {
  it('offers only free times: booked ones are left out', async () => {
    const { appointments } = (await ok('/api/appointments')) as { appointments: AppointmentItem[] };
    const now = t.clock.now().toISOString();
    const booked = appointments.find(
      (a) =>
        !a.cancelled && a.start_time > now && a.wall_start_time.slice(0, 10) > practiceToday(t.clock.now()),
    )!;
    const date = booked.wall_start_time.slice(0, 10);
    const providerId = booked.providers[0]!.remote_id;
    const { slots } = (await ok(`/api/slots/${date}/${providerId}`)) as { slots: SlotItem[] };
    expect(slots.length).toBeGreaterThan(0);
    const taken = appointments.filter(
      (a) => !a.cancelled && a.providers[0]!.remote_id === providerId && a.wall_start_time.startsWith(date),
    );
    for (const slot of slots) {
      const start = minutesOfDay(slot.start_time);
      expect(slot.provider_id).toBe(providerId);
      for (const a of taken) {
        const overlapping =
          start < minutesOfDay(a.wall_end_time) && minutesOfDay(a.wall_start_time) < start + 30;
        expect(overlapping, `${slot.time} overlaps ${a.wall_start_time}`).toBe(false);
      }
    }
  });

  it('offers first_available times within working hours every half hour where the visit fits', async () => {
    const date = weekdayAhead(t.clock.now(), 2);
    const { slots } = (await ok(`/api/slots/${date}/first_available?appointment_type=dental_cleaning`)) as {
      slots: SlotItem[];
    };
    expect(slots.length).toBeGreaterThan(0);
    for (const slot of slots) {
      expect([
        '09:00',
        '09:30',
        '10:00',
        '10:30',
        '11:00',
        '14:00',
        '14:30',
        '15:00',
        '15:30',
        '16:00',
        '16:30',
      ]).toContain(slot.time);
      expect(slot.start_time).toBe(`${date}T${slot.time}:00`);
    }
    const weekend = await ok(
      `/api/slots/${addDays(date, 7 - new Date(`${date}T12:00:00Z`).getUTCDay())}/first_available`,
    );
    expect(weekend.slots).toEqual([]);
  });

  it('answers nothing for a past day and a clear error for an unknown provider', async () => {
    expect(
      (await ok(`/api/slots/${addDays(practiceToday(t.clock.now()), -3)}/first_available`)).slots,
    ).toEqual([]);
    const unknown = await get(`/api/slots/${weekdayAhead(t.clock.now(), 1)}/dr-nobody`, admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toContain('Unknown provider');
    expect((await get('/api/slots/tomorrow/first_available', admin)).statusCode).toBe(400);
  });
});

describe('GET /api/patients-with-appointments', () => {
  it('lists each patient with a live upcoming appointment once, with the nearest one', async () => {
    const { patients } = await ok('/api/patients-with-appointments');
    expect(patients.length).toBeGreaterThan(10);
    const ids = patients.map((p: { id: string }) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(patients[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      phone_number: expect.stringMatching(/^\+1\d{10}$/),
      email: expect.toBeOneOf([null, expect.any(String)]),
      next_appointment: {
        id: expect.any(String),
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        time: expect.stringMatching(/^\d{2}:\d{2}$/),
        provider: expect.any(String),
        type: expect.any(String),
      },
    });
    expect(patients[0].next_appointment.date >= practiceToday(t.clock.now())).toBe(true);
  });
});

describe('access', () => {
  it('marks every schedule route as reading patient data, with its policy action', () => {
    const routes = t.app.registeredRoutes.filter((r) =>
      [
        '/api/appointments',
        '/api/providers',
        '/api/slots/:date/:provider',
        '/api/patients-with-appointments',
        '/webhook',
      ].includes(r.url),
    );
    expect(routes.map((r) => [r.url, r.access, r.phi])).toEqual([
      ['/api/appointments', 'calendar:view', true],
      ['/api/providers', 'schedule:view', true],
      ['/api/slots/:date/:provider', 'schedule:view', true],
      ['/api/patients-with-appointments', 'patients:list', true],
      ['/webhook', undefined, true],
    ]);
  });

  it('lets the front desk (booking and calendar) read the schedule of their connector', async () => {
    const date = weekdayAhead(t.clock.now(), 1);
    for (const url of [
      '/api/appointments',
      '/api/providers',
      `/api/slots/${date}/first_available`,
      '/api/patients-with-appointments',
    ])
      await ok(url, frontDesk);
  });

  it('refuses a sub user without the permissions with 403', async () => {
    const userId = await frontDeskId();
    await t.database.db
      .update(userPermissions)
      .set({ canBookAppointment: false, canAppointmentCalendar: false })
      .where(eq(userPermissions.userId, userId));
    try {
      const date = weekdayAhead(t.clock.now(), 1);
      for (const url of [
        '/api/appointments',
        '/api/providers',
        `/api/slots/${date}/first_available`,
        '/api/patients-with-appointments',
      ]) {
        const response = await get(url, frontDesk);
        expect(response.statusCode, url).toBe(403);
      }
      const webhook = await t.app.inject({
        method: 'POST',
        url: '/webhook',
        headers: bearer(frontDesk),
        payload: { type: 'function-call', functionCall: { name: 'findPatient', parameters: {} } },
      });
      expect(webhook.statusCode).toBe(403);
    } finally {
      await t.database.db
        .update(userPermissions)
        .set({ canBookAppointment: true, canAppointmentCalendar: true })
        .where(eq(userPermissions.userId, userId));
    }
  });

  it('tells a sub user with no linked account so', async () => {
    const userId = await frontDeskId();
    const saved = await t.database.db.select().from(userConnectors).where(eq(userConnectors.userId, userId));
    await t.database.db.delete(userConnectors).where(eq(userConnectors.userId, userId));
    try {
      const response = await get('/api/providers', frontDesk);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(NO_CONNECTOR_MESSAGE);
    } finally {
      await t.database.db.insert(userConnectors).values(saved);
    }
  });
});

describe('never a time in the past', () => {
  it('offers no slot earlier than now on today', async () => {
    // Move the clock to 10:40 on the next weekday, practice time.
    const date = weekdayAhead(t.clock.now(), 1);
    const target = instantFromWall(`${date}T10:40:00`, PRACTICE_ZONE);
    t.clock.advanceMinutes(Math.ceil((target.getTime() - t.clock.now().getTime()) / 60_000));
    expect(practiceToday(t.clock.now())).toBe(date);
    admin = await t.asAdmin();
    const { slots } = (await ok(`/api/slots/${date}/first_available`)) as { slots: SlotItem[] };
    expect(slots.length).toBeGreaterThan(0);
    const nowMinutes = minutesOfDay(`${date}T10:40:00`);
    expect(slots.every((s) => minutesOfDay(s.start_time) >= nowMinutes)).toBe(true);
  });
});
