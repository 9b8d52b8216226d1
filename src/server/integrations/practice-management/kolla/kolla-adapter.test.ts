import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isPmsError, type PmsError } from '../errors';
import { FIRST_AVAILABLE, type PracticeManagement } from '../port';
import { kollaRequestId } from './client';
import { createKollaAdapter, type KollaAdapterOptions } from './kolla-adapter';
import { fakeAppointment, fakeContact, startFakeKolla, type FakeKolla } from './fake-kolla-server';
import type { KollaContact } from './schemas';

// Monday 2025-07-07, 10:00 in Denver (UTC-6).
const NOW = new Date('2025-07-07T16:00:00Z');
const MONDAY = '2025-07-07';
const TUESDAY = '2025-07-08';

let fake: FakeKolla;
let options: KollaAdapterOptions;
let pms: PracticeManagement;
let ann: KollaContact;
/** Someone else: their appointments take providers and rooms, never Ann's own time. */
let eve: KollaContact;

beforeEach(async () => {
  fake = await startFakeKolla();
  options = {
    baseUrl: fake.url,
    apiKey: fake.state.apiKey,
    connectorId: fake.state.connectorId,
    consumerId: fake.state.consumerId,
    timeZone: 'America/Denver',
    now: () => NOW,
  };
  pms = createKollaAdapter(options);
  ann = fakeContact(fake.state, { given_name: 'Ann', family_name: 'Lee', phone: '(555) 123-4567' });
  eve = fakeContact(fake.state, { given_name: 'Eve', family_name: 'Moss', phone: '(555) 765-4321' });
});
afterEach(() => fake.close());

async function failure(promise: Promise<unknown>): Promise<PmsError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isPmsError(error)) throw new Error(`expected a PmsError, got ${String(error)}`);
  return error;
}

const book = (
  wallStart: string,
  minutes: number,
  providerId = 'provider_1',
  operatoryId = 'operatory_5',
  contact = ann,
) => fakeAppointment(fake.state, { contact, providerId, operatoryId, wallStart, minutes });

describe('resources', () => {
  it('lists providers and operatories from mixed resources, across pages', async () => {
    expect(await pms.listProviders()).toEqual([
      {
        remoteId: 'provider_1',
        name: 'Dr. Sarah Smith',
        displayName: 'Dr.  Sarah   Smith ',
        kind: 'dentist',
      },
      { remoteId: 'provider_2', name: 'Jane Doe, RDH', displayName: 'Jane Doe, RDH', kind: 'hygienist' },
    ]);
    expect((await pms.listOperatories()).map((o) => o.remoteId)).toEqual(['operatory_5', 'operatory_6']);
    // 5 resources with a default page size of 2.
    expect(fake.state.requests.filter((r) => r.path === '/resources').length).toBe(6);
  });
});

describe('listChangedSince (issue 25: outcomes by update_time)', () => {
  it('pages through the appointments changed after the cursor, with what became of them', async () => {
    const stamp = (a: ReturnType<typeof book>, update_time: string, flags: object = {}) =>
      Object.assign(a, { update_time, ...flags });
    stamp(book(`${MONDAY} 08:00:00`, 30), '2025-07-01T00:00:00Z');
    stamp(book(`${MONDAY} 09:00:00`, 30), '2025-07-07T15:30:00Z', { broken: true });
    stamp(book(`${MONDAY} 10:00:00`, 30), '2025-07-05T12:00:00Z', { broken: true });
    stamp(book(`${MONDAY} 11:00:00`, 30), '2025-07-07T18:00:00Z', { completed: true });
    stamp(book(`${MONDAY} 12:00:00`, 30), '2025-07-06T09:00:00Z', { cancelled: true });
    const changed = await pms.listChangedSince!(new Date('2025-07-02T00:00:00Z'));
    expect(
      changed.map((a) => [
        a.wallStart.slice(11, 16),
        a.noShow,
        a.cancelled,
        a.completed,
        a.updatedAt?.toISOString(),
      ]),
    ).toEqual([
      ['09:00', true, true, false, '2025-07-07T15:30:00.000Z'],
      ['10:00', false, true, false, '2025-07-05T12:00:00.000Z'],
      ['11:00', false, false, true, '2025-07-07T18:00:00.000Z'],
      ['12:00', false, true, false, '2025-07-06T09:00:00.000Z'],
    ]);
    const asked = fake.state.requests.filter((r) => r.path === '/appointments');
    expect(asked[0]?.query.filter).toBe("update_time > '2025-07-02T00:00:00Z'");
    // Four matches with a page size of 2: two pages.
    expect(asked).toHaveLength(2);
  });
});

describe('listAppointments', () => {
  it('pages through a time-range filter and returns wall times as the vendor gave them', async () => {
    for (const hour of ['08', '09', '10', '11', '12']) book(`${MONDAY} ${hour}:00:00`, 30);
    book(`${TUESDAY} 09:00:00`, 30);
    const list = await pms.listAppointments({
      start: new Date('2025-07-07T06:00:00Z'),
      end: new Date('2025-07-08T06:00:00Z'),
    });
    expect(list.map((a) => a.wallStart)).toEqual([
      '2025-07-07T08:00:00',
      '2025-07-07T09:00:00',
      '2025-07-07T10:00:00',
      '2025-07-07T11:00:00',
      '2025-07-07T12:00:00',
    ]);
    expect(list[0]?.start.toISOString()).toBe('2025-07-07T14:00:00.000Z');
    const calls = fake.state.requests.filter((r) => r.path === '/appointments');
    expect(calls).toHaveLength(3);
    expect(calls[0]?.query.filter).toBe(
      "start_time >= '2025-07-07T06:00:00Z' AND start_time < '2025-07-08T06:00:00Z'",
    );
  });

  it('maps the sandbox quirks: time_zone "", empty contact name, lowercase embedded types', async () => {
    fakeAppointment(fake.state, {
      contact: ann,
      providerId: 'provider_1',
      operatoryId: 'operatory_5',
      wallStart: '2025-07-03 13:00:00',
      minutes: 60,
      timeZone: '',
    });
    const [a] = await pms.listAppointments({
      start: new Date('2025-07-03T00:00:00Z'),
      end: new Date('2025-07-04T00:00:00Z'),
    });
    expect(a).toMatchObject({
      wallStart: '2025-07-03T13:00:00',
      wallEnd: '2025-07-03T14:00:00',
      start: new Date('2025-07-03T19:00:00Z'),
      contact: { remoteId: ann.remote_id, name: 'Ann Lee' },
      providers: [{ remoteId: 'provider_1', displayName: 'Dr.  Sarah   Smith ' }],
      resources: [
        { type: 'PROVIDER', remoteId: 'provider_1' },
        { type: 'OPERATORY', remoteId: 'operatory_5', displayName: 'Hygiene Op 1' },
      ],
    });
  });

  it('keeps the vendor wall time even when the configured zone disagrees', async () => {
    book('2025-07-03 13:00:00', 60);
    const elsewhere = createKollaAdapter({ ...options, timeZone: 'America/New_York' });
    const [a] = await elsewhere.listAppointments({
      start: new Date('2025-07-03T00:00:00Z'),
      end: new Date('2025-07-04T00:00:00Z'),
    });
    expect(a?.wallStart).toBe('2025-07-03T13:00:00');
  });
});

describe('patients', () => {
  it('finds by E.164 phone whatever the stored format, ignoring partial matches', async () => {
    fakeContact(fake.state, { given_name: 'Far', family_name: 'Away', phone: '+44 5551234567' });
    const found = await pms.findPatientsByPhone('+15551234567');
    expect(found).toEqual([
      {
        remoteId: ann.remote_id,
        givenName: 'Ann',
        familyName: 'Lee',
        name: 'Ann Lee',
        phone: '+15551234567',
      },
    ]);
    expect(fake.state.requests.find((r) => r.path === '/contacts')?.query.filter).toBe(
      "phone = '5551234567'",
    );
  });

  it('matches the name the patient goes by, and names spelt with hyphens or spaces: no duplicate contact', async () => {
    const robert = fakeContact(fake.state, {
      given_name: 'Robert',
      preferred_name: 'Bob',
      family_name: 'Smith',
      phone: '5552223333',
    });
    const maryJane = fakeContact(fake.state, {
      given_name: 'Mary-Jane',
      family_name: "O'Neil",
      phone: '5552224444',
    });
    const base = { providerId: FIRST_AVAILABLE, durationMinutes: 30 };
    const bob = await pms.book({
      ...base,
      startTime: `${TUESDAY}T08:00`,
      patient: { givenName: 'Bob', familyName: 'Smith', phone: '+15552223333' },
    });
    const mj = await pms.book({
      ...base,
      startTime: `${TUESDAY}T09:00`,
      patient: { givenName: 'Mary Jane', familyName: 'O Neil', phone: '+15552224444' },
    });
    expect(bob.contact.remoteId).toBe(robert.remote_id);
    expect(bob.newPatient).toBe(false);
    expect(mj.contact.remoteId).toBe(maryJane.remote_id);
    expect(fake.state.requests.some((r) => r.method === 'POST' && r.path === '/contacts')).toBe(false);
    expect(await pms.findPatientsByPhone('+15552223333')).toEqual([
      expect.objectContaining({ givenName: 'Robert', preferredName: 'Bob', name: 'Robert Smith' }),
    ]);
  });

  it('rejects a phone that is not E.164', async () => {
    expect((await failure(pms.findPatientsByPhone('555-1234'))).code).toBe('bad_request');
  });

  it('creates a patient', async () => {
    const created = await pms.createPatient({
      givenName: 'Bo',
      familyName: 'Chen',
      phone: '+15559876543',
      email: 'bo@example.com',
    });
    expect(created).toMatchObject({
      givenName: 'Bo',
      familyName: 'Chen',
      phone: '+15559876543',
      email: 'bo@example.com',
    });
    expect(fake.state.contacts.at(-1)?.phone_numbers).toEqual([{ number: '5559876543', type: 'MOBILE' }]);
    expect(await pms.findPatientsByPhone('+15559876543')).toEqual([created]);
  });
});

describe('openSlots', () => {
  it('offers the provider schedule minus bookings, nothing before now', async () => {
    book(`${MONDAY} 13:00:00`, 60);
    book(`${MONDAY} 15:15:00`, 15);
    const slots = await pms.openSlots({ date: MONDAY, providerId: 'provider_1', durationMinutes: 30 });
    expect(slots.map((s) => s.time)).toEqual([
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '14:00',
      '14:30',
      '15:30',
      '16:00',
      '16:30',
    ]);
    expect(slots[0]).toEqual({
      time: '10:00',
      startTime: '2025-07-07T10:00:00',
      providerId: 'provider_1',
      providerName: 'Dr. Sarah Smith',
    });
    const schedule = fake.state.requests.find((r) => r.path.endsWith(':loadSchedule'));
    expect(schedule?.path).toBe('/resources/provider_1:loadSchedule');
    expect(schedule?.query.filter).toBe("start_date = '2025-07-07' AND end_date = '2025-07-07'");
  });

  it('ignores cancelled and broken appointments', async () => {
    Object.assign(book(`${TUESDAY} 08:00:00`, 30), { cancelled: true });
    Object.assign(book(`${TUESDAY} 08:30:00`, 30), { broken: true });
    const slots = await pms.openSlots({ date: TUESDAY, providerId: 'provider_1', durationMinutes: 60 });
    // Every half hour where the hour fits.
    expect(slots.map((s) => s.time)).toEqual([
      '08:00',
      '08:30',
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
    ]);
  });

  it('defaults to 30 minutes and has nothing on closed or past days', async () => {
    expect(await pms.openSlots({ date: TUESDAY, providerId: 'provider_1' })).toHaveLength(16);
    expect(
      await pms.openSlots({ date: '2025-07-06', providerId: 'provider_1', durationMinutes: 30 }),
    ).toEqual([]);
    expect(
      await pms.openSlots({ date: '2025-07-04', providerId: 'provider_1', durationMinutes: 30 }),
    ).toEqual([]);
  });

  it('picks the first free provider per time for first_available', async () => {
    book(`${TUESDAY} 08:00:00`, 60, 'provider_1', 'operatory_5');
    const slots = await pms.openSlots({ date: TUESDAY, providerId: FIRST_AVAILABLE, durationMinutes: 60 });
    expect(slots.slice(0, 3).map((s) => [s.time, s.providerId])).toEqual([
      ['08:00', 'provider_2'],
      ['08:30', 'provider_2'],
      ['09:00', 'provider_1'],
    ]);
  });

  it('skips times when every operatory is taken', async () => {
    const other = fakeContact(fake.state, { given_name: 'Cy', family_name: 'Dale' });
    fakeAppointment(fake.state, {
      contact: other,
      providerId: 'provider_2',
      operatoryId: 'operatory_5',
      wallStart: `${TUESDAY} 09:00:00`,
      minutes: 60,
    });
    fakeAppointment(fake.state, {
      contact: other,
      providerId: 'provider_9',
      operatoryId: 'operatory_6',
      wallStart: `${TUESDAY} 09:00:00`,
      minutes: 60,
    });
    const slots = await pms.openSlots({ date: TUESDAY, providerId: 'provider_1', durationMinutes: 60 });
    expect(slots.map((s) => s.time)).not.toContain('09:00');
    expect(slots.map((s) => s.time)).toContain('10:00');
  });

  it('validates its input', async () => {
    expect(
      (await failure(pms.openSlots({ date: '07/08/2025', providerId: 'provider_1', durationMinutes: 30 })))
        .code,
    ).toBe('bad_request');
    expect(
      (await failure(pms.openSlots({ date: TUESDAY, providerId: 'provider_1', durationMinutes: 0 }))).code,
    ).toBe('bad_request');
    expect(
      (await failure(pms.openSlots({ date: TUESDAY, providerId: 'provider_77', durationMinutes: 30 }))).code,
    ).toBe('not_found');
  });
});

describe('book and cancel', () => {
  it('books a slot, which then disappears', async () => {
    const [slot] = await pms.openSlots({ date: TUESDAY, providerId: 'provider_1', durationMinutes: 30 });
    expect(slot?.time).toBe('08:00');
    const appointment = await pms.book({
      patient: { remoteId: ann.remote_id },
      providerId: 'provider_1',
      startTime: slot?.startTime ?? '',
      durationMinutes: 30,
      appointmentType: 'dental_cleaning',
      notes: 'Phone: +15551234567',
    });
    expect(appointment).toMatchObject({
      wallStart: '2025-07-08T08:00:00',
      wallEnd: '2025-07-08T08:30:00',
      start: new Date('2025-07-08T14:00:00Z'),
      contact: { remoteId: ann.remote_id, name: 'Ann Lee' },
      providers: [{ remoteId: 'provider_1', displayName: 'Dr.  Sarah   Smith ' }],
      appointmentType: 'dental_cleaning',
      notes: 'Phone: +15551234567',
      cancelled: false,
    });
    expect(appointment.confirmationNumber).toBe(appointment.remoteId);
    expect(fake.state.requests.at(-1)?.body).toMatchObject({
      contact_id: `contacts/${ann.remote_id}`,
      wall_start_time: '2025-07-08 08:00:00',
      wall_end_time: '2025-07-08 08:30:00',
      operatory: 'resources/operatory_5',
    });
    const after = await pms.openSlots({ date: TUESDAY, providerId: 'provider_1', durationMinutes: 30 });
    expect(after[0]?.time).toBe('08:30');
  });

  it('refuses a double booking with a conflict, although Kolla itself would accept it', async () => {
    const input = {
      patient: { remoteId: ann.remote_id },
      providerId: 'provider_1',
      startTime: `${TUESDAY}T09:00`,
      durationMinutes: 30,
    };
    const first = await pms.book(input);
    const someoneElse = { ...input, patient: { remoteId: eve.remote_id } };
    expect((await failure(pms.book(someoneElse))).code).toBe('conflict');
    expect((await failure(pms.book({ ...someoneElse, startTime: `${TUESDAY}T09:15` }))).code).toBe(
      'conflict',
    );
    // The same patient again (another doctor is free then): the first booking is named instead.
    const again = await failure(pms.book({ ...input, providerId: FIRST_AVAILABLE }));
    expect(again.code).toBe('patient_busy');
    expect(again.message).toContain(`confirmation number ${first.confirmationNumber}`);

    // The vendor has no documented refusal: the fake stores an overlapping create as-is.
    const before = fake.state.appointments.length;
    const response = await fetch(`${fake.url}/appointments`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${fake.state.apiKey}`,
        'connector-id': fake.state.connectorId,
        'consumer-id': fake.state.consumerId,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        contact_id: ann.name,
        operatory: 'resources/operatory_5',
        providers: [{ name: 'resources/provider_1' }],
        wall_start_time: `${TUESDAY} 09:00:00`,
        wall_end_time: `${TUESDAY} 09:30:00`,
      }),
    });
    expect(response.status).toBe(200);
    expect(fake.state.appointments.length).toBe(before + 1);
  });

  it('refuses past times, closed hours and busy operatories', async () => {
    const base = { patient: { remoteId: ann.remote_id }, providerId: 'provider_1', durationMinutes: 30 };
    expect((await failure(pms.book({ ...base, startTime: `${MONDAY}T09:00` }))).code).toBe('conflict');
    expect((await failure(pms.book({ ...base, startTime: `${TUESDAY}T12:00` }))).code).toBe('closed');
    expect((await failure(pms.book({ ...base, startTime: `${TUESDAY}T22:00` }))).code).toBe('closed');
    book(`${TUESDAY} 11:00:00`, 30, 'provider_1', 'operatory_5', eve);
    // Within the provider's hours but booked: taken, not closed.
    expect((await failure(pms.book({ ...base, startTime: `${TUESDAY}T11:00` }))).code).toBe('conflict');
    book(`${TUESDAY} 10:00:00`, 30, 'provider_2', 'operatory_6', eve);
    expect(
      (await failure(pms.book({ ...base, startTime: `${TUESDAY}T10:00`, operatoryId: 'operatory_6' }))).code,
    ).toBe('conflict');
    const ok = await pms.book({ ...base, startTime: `${TUESDAY}T10:00` });
    expect(ok.resources.find((r) => r.type === 'OPERATORY')?.remoteId).toBe('operatory_5');
  });

  it('finds the patient by phone and name, creating new ones (family members share phones)', async () => {
    const base = { providerId: FIRST_AVAILABLE, durationMinutes: 30 };
    const existing = await pms.book({
      ...base,
      startTime: `${TUESDAY}T08:00`,
      patient: { givenName: 'ann', familyName: 'LEE', phone: '+15551234567' },
    });
    expect(existing.contact.remoteId).toBe(ann.remote_id);

    const child = await pms.book({
      ...base,
      startTime: `${TUESDAY}T08:30`,
      patient: { givenName: 'Tom', familyName: 'Lee', phone: '+15551234567' },
    });
    expect(child.contact.remoteId).not.toBe(ann.remote_id);
    expect(child.contact.name).toBe('Tom Lee');

    const stranger = await pms.book({
      ...base,
      startTime: `${TUESDAY}T09:00`,
      patient: { givenName: 'New', familyName: 'Person', phone: '+15550001111', email: 'new@example.com' },
    });
    const created = fake.state.contacts.find((c) => c.name === `contacts/${stranger.contact.remoteId}`);
    expect(created).toMatchObject({
      given_name: 'New',
      type: 'PATIENT',
      phone_numbers: [{ number: '5550001111' }],
    });
    expect(fake.state.contacts).toHaveLength(4);
  });

  it('books the first available provider', async () => {
    book(`${TUESDAY} 08:00:00`, 60, 'provider_1', 'operatory_6', eve);
    const a = await pms.book({
      patient: { remoteId: ann.remote_id },
      providerId: FIRST_AVAILABLE,
      startTime: `${TUESDAY}T08:00`,
      durationMinutes: 30,
    });
    expect(a.providers[0]?.remoteId).toBe('provider_2');
  });

  it('confirms through Set Confirmation Status, assuming no confirmation type', async () => {
    const a = await pms.book({
      patient: { remoteId: ann.remote_id },
      providerId: 'provider_1',
      startTime: `${TUESDAY}T09:00`,
      durationMinutes: 30,
    });
    expect(a.confirmed).toBe(false);
    await pms.confirm(a.remoteId);
    const sent = fake.state.requests.find((r) => r.path === `/appointments/${a.remoteId}:confirm`);
    expect(sent).toMatchObject({ method: 'POST' });
    // The sandbox's unconfirmed appointments carry confirmationTypes/0: that number is not sent as "confirmed".
    expect(sent?.body).toEqual({ name: `appointments/${a.remoteId}`, confirmed: true });
    // Read back: only what the practice system recorded counts.
    expect(fake.state.requests.at(-1)).toMatchObject({ method: 'GET', path: `/appointments/${a.remoteId}` });
    const [listed] = (
      await pms.listAppointments({
        start: new Date(`${TUESDAY}T00:00:00Z`),
        end: new Date(`${TUESDAY}T23:59:00Z`),
      })
    ).filter((x) => x.remoteId === a.remoteId);
    expect(listed?.confirmed).toBe(true);
    expect((await failure(pms.confirm('999'))).code).toBe('not_found');
  });

  it('sends the confirmation type read on a confirmed appointment of the practice', async () => {
    book(`${TUESDAY} 08:00:00`, 30, 'provider_2', 'operatory_6', eve);
    fakeAppointment(fake.state, {
      contact: eve,
      providerId: 'provider_2',
      operatoryId: 'operatory_6',
      wallStart: `${TUESDAY} 10:00:00`,
      minutes: 30,
      confirmed: true,
      additional_data: { confirmation_type: 'confirmationTypes/21' },
    });
    const a = await pms.book({
      patient: { remoteId: ann.remote_id },
      providerId: 'provider_1',
      startTime: `${TUESDAY}T09:00`,
      durationMinutes: 30,
    });
    await pms.confirm(a.remoteId);
    expect(fake.state.requests.find((r) => r.path === `/appointments/${a.remoteId}:confirm`)?.body).toEqual({
      name: `appointments/${a.remoteId}`,
      confirmed: true,
      confirmation_type: 'confirmationTypes/21',
    });
  });

  it('fails a confirmation the practice system did not record, never reporting it confirmed', async () => {
    const a = await pms.book({
      patient: { remoteId: ann.remote_id },
      providerId: 'provider_1',
      startTime: `${TUESDAY}T09:00`,
      durationMinutes: 30,
    });
    fake.state.refuseConfirm = true;
    const error = await failure(pms.confirm(a.remoteId));
    expect(error.code).toBe('conflict');
    expect(error.toPublicError()).toMatchObject({ status: 409, code: 'conflict' });
    expect(error.toPublicError().message).toContain('did not record the confirmation');
    expect((await pms.getAppointment(a.remoteId))?.confirmed).toBe(false);
  });

  it('cancels, freeing the time', async () => {
    const a = await pms.book({
      patient: { remoteId: ann.remote_id },
      providerId: 'provider_1',
      startTime: `${TUESDAY}T08:00`,
      durationMinutes: 30,
    });
    await pms.cancel(a.remoteId);
    expect(fake.state.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/appointments/${a.remoteId}:cancel`,
      body: { name: `appointments/${a.remoteId}` },
    });
    const slots = await pms.openSlots({ date: TUESDAY, providerId: 'provider_1', durationMinutes: 30 });
    expect(slots[0]?.time).toBe('08:00');
    expect((await failure(pms.cancel('999'))).code).toBe('not_found');
  });
});

describe('idempotent creates (kolla.md §2: request_id)', () => {
  const bookAnn = (adapter: PracticeManagement, startTime: string, idempotencyKey?: string) =>
    adapter.book({
      patient: { remoteId: ann.remote_id },
      providerId: 'provider_1',
      startTime,
      durationMinutes: 30,
      ...(idempotencyKey && { idempotencyKey }),
    });
  const posts = (path: string) => fake.state.requests.filter((r) => r.method === 'POST' && r.path === path);

  it('sends a uuid-shaped request_id made from the booking key and the linked account', async () => {
    await bookAnn(pms, `${TUESDAY}T08:00`, 'key-1');
    await bookAnn(pms, `${TUESDAY}T09:00`, 'key-2');
    await bookAnn(pms, `${TUESDAY}T10:00`);
    const ids = posts('/appointments').map((r) => r.query.request_id);
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[0]).toBe(
      kollaRequestId(fake.state.connectorId, fake.state.consumerId, 'key-1', 'appointment'),
    );
    expect(ids[1]).not.toBe(ids[0]);
    expect(ids[2]).toBeUndefined();
    // The same key from another practice (another consumer) is another request.
    expect(kollaRequestId(fake.state.connectorId, 'another-practice', 'key-1', 'appointment')).not.toBe(
      ids[0],
    );
  });

  it('a retry after a timeout (Kolla stored the first) leaves exactly one appointment', async () => {
    const impatient = createKollaAdapter({ ...options, timeoutMs: 1_000 });
    // Kolla stores the appointment but answers after our timeout.
    fake.state.delays.push({ method: 'POST', path: '/appointments', ms: 1_500 });
    expect((await failure(bookAnn(impatient, `${TUESDAY}T09:00`, 'booking-7'))).code).toBe('unavailable');
    expect(fake.state.appointments).toHaveLength(1);
    const first = fake.state.appointments[0]!;

    // The caller tries again under the same key: at the same time the patient's own booking is found ...
    expect((await failure(bookAnn(impatient, `${TUESDAY}T09:00`, 'booking-7'))).code).toBe('patient_busy');
    // ... and at another time Kolla answers the first appointment for the same request_id: no second one.
    const other = await failure(bookAnn(impatient, `${TUESDAY}T11:00`, 'booking-7'));
    expect(other.code).toBe('patient_busy');
    expect(other.message).toContain(`confirmation number ${first.remote_id}`);
    expect(other.message).toContain('09:00');
    expect(fake.state.appointments).toHaveLength(1);
    const ids = posts('/appointments').map((r) => r.query.request_id);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
  });

  it('a new patient made by a keyed booking is created with a request_id of its own', async () => {
    await pms.book({
      patient: { givenName: 'New', familyName: 'Person', phone: '+15550001111' },
      providerId: 'provider_1',
      startTime: `${TUESDAY}T08:00`,
      durationMinutes: 30,
      idempotencyKey: 'booking-8',
    });
    const contactId = posts('/contacts')[0]?.query.request_id;
    expect(contactId).toMatch(/^[0-9a-f-]{36}$/);
    expect(contactId).not.toBe(posts('/appointments')[0]?.query.request_id);
  });

  it('the fake, like Kolla, answers a repeated create with the same request_id with the first resource', async () => {
    const create = (path: string, body: object, requestId: string) =>
      fetch(`${fake.url}${path}?request_id=${encodeURIComponent(requestId)}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${fake.state.apiKey}`,
          'connector-id': fake.state.connectorId,
          'consumer-id': fake.state.consumerId,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    const contact = { given_name: 'Cy', family_name: 'Dow', phone_numbers: [{ number: '5550002222' }] };
    const a = (await (await create('/contacts', contact, 'r-1')).json()) as { name: string };
    const b = (await (await create('/contacts', { ...contact, given_name: 'Cyrus' }, 'r-1')).json()) as {
      name: string;
      given_name: string;
    };
    expect(b).toMatchObject({ name: a.name, given_name: 'Cy' });
    expect(fake.state.contacts.filter((c) => c.family_name === 'Dow')).toHaveLength(1);
    await create('/contacts', contact, 'r-2');
    expect(fake.state.contacts.filter((c) => c.family_name === 'Dow')).toHaveLength(2);
    expect((await create('/contacts', contact, 'x'.repeat(37))).status).toBe(400);
  });
});

describe('reschedule and lookups (issue 24)', () => {
  it("moves an appointment with Kolla's PATCH and update_mask, keeping its id, provider and room", async () => {
    const a = await pms.book({
      patient: { remoteId: ann.remote_id },
      providerId: 'provider_1',
      startTime: `${TUESDAY}T09:00`,
      durationMinutes: 45,
    });
    const moved = await pms.reschedule(a.remoteId, {
      startTime: `${TUESDAY}T11:00`,
      providerId: FIRST_AVAILABLE,
    });
    expect(moved).toMatchObject({
      remoteId: a.remoteId,
      wallStart: `${TUESDAY}T11:00:00`,
      wallEnd: `${TUESDAY}T11:45:00`,
    });
    expect(moved.providers[0]?.remoteId).toBe('provider_1');
    const patch = fake.state.requests.at(-1)!;
    expect(patch).toMatchObject({ method: 'PATCH', path: `/appointments/${a.remoteId}` });
    expect(patch.query.update_mask!.split(',').sort()).toEqual(
      ['operatory', 'providers', 'resources', 'wall_end_time', 'wall_start_time'].sort(),
    );
    expect(patch.body).toMatchObject({
      wall_start_time: `${TUESDAY} 11:00:00`,
      operatory:
        a.resources.find((r) => r.type === 'OPERATORY') && expect.stringMatching(/^resources\/operatory_/),
    });
    expect((await pms.getAppointment(a.remoteId))?.wallStart).toBe(`${TUESDAY}T11:00:00`);
    // The old time is free again; the new one is not.
    const slots = (await pms.openSlots({ date: TUESDAY, providerId: 'provider_1', durationMinutes: 45 })).map(
      (s) => s.time,
    );
    expect(slots).toContain('09:00');
    expect(slots).not.toContain('11:00');
  });

  it('moves within its own time (a little later) without counting itself as taken', async () => {
    const a = await pms.book({
      patient: { remoteId: ann.remote_id },
      providerId: 'provider_1',
      startTime: `${TUESDAY}T09:00`,
      durationMinutes: 60,
    });
    const moved = await pms.reschedule(a.remoteId, {
      startTime: `${TUESDAY}T09:30`,
      providerId: 'provider_1',
    });
    expect(moved.wallStart).toBe(`${TUESDAY}T09:30:00`);
  });

  it('refuses a taken time, a closed one and a cancelled appointment, changing nothing', async () => {
    const a = await pms.book({
      patient: { remoteId: ann.remote_id },
      providerId: 'provider_1',
      startTime: `${TUESDAY}T09:00`,
      durationMinutes: 30,
    });
    book(`${TUESDAY} 10:00:00`, 30, 'provider_1', 'operatory_5', eve);
    book(`${TUESDAY} 10:00:00`, 30, 'provider_2', 'operatory_6', eve);
    const before = fake.state.requests.length;
    expect(
      (await failure(pms.reschedule(a.remoteId, { startTime: `${TUESDAY}T10:00`, providerId: 'provider_1' })))
        .code,
    ).toBe('conflict');
    expect(
      (
        await failure(
          pms.reschedule(a.remoteId, { startTime: `${TUESDAY}T23:00`, providerId: FIRST_AVAILABLE }),
        )
      ).code,
    ).toBe('closed');
    expect(fake.state.requests.slice(before).some((r) => r.method === 'PATCH')).toBe(false);
    expect((await pms.getAppointment(a.remoteId))?.wallStart).toBe(`${TUESDAY}T09:00:00`);
    await pms.cancel(a.remoteId);
    expect(
      (await failure(pms.reschedule(a.remoteId, { startTime: `${TUESDAY}T11:00`, providerId: 'provider_1' })))
        .code,
    ).toBe('conflict');
    expect(
      (await failure(pms.reschedule('999', { startTime: `${TUESDAY}T11:00`, providerId: 'provider_1' })))
        .code,
    ).toBe('not_found');
    expect(await pms.getAppointment('999')).toBeUndefined();
  });

  it('the fake, like Kolla, refuses a PATCH without update_mask or naming a field it cannot update', async () => {
    const a = book(`${TUESDAY} 09:00:00`, 30);
    const patch = (query: string) =>
      fetch(`${fake.url}/appointments/${a.remote_id}${query}`, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${fake.state.apiKey}`,
          'connector-id': fake.state.connectorId,
          'consumer-id': fake.state.consumerId,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ wall_start_time: `${TUESDAY} 11:00:00`, contact_id: 'contacts/1' }),
      });
    expect((await patch('')).status).toBe(400);
    expect((await patch('?update_mask=contact_id')).status).toBe(400);
    expect(a.wall_start_time).toBe(`${TUESDAY} 09:00:00`);
  });

  it("lists one patient's appointments only, by Kolla's contact filter", async () => {
    book(`${TUESDAY} 09:00:00`, 30, 'provider_1', 'operatory_5', ann);
    book(`${TUESDAY} 10:00:00`, 30, 'provider_1', 'operatory_5', eve);
    const range = { start: new Date(`${MONDAY}T00:00:00Z`), end: new Date('2025-07-10T00:00:00Z') };
    const list = await pms.listPatientAppointments(ann.remote_id, range);
    expect(list.map((a) => a.contact.remoteId)).toEqual([ann.remote_id]);
    const listed = fake.state.requests.filter((r) => r.path === '/appointments').at(-1);
    expect(listed?.query.filter).toContain(`contact_id = 'contacts/${ann.remote_id}'`);
  });
});

describe('errors', () => {
  it('reports a bad API key as unauthorized', async () => {
    const error = await failure(createKollaAdapter({ ...options, apiKey: 'kc.nope' }).listProviders());
    expect(error).toMatchObject({ code: 'unauthorized', status: 401 });
  });

  it("reports an unknown connector with 'connector target not found'", async () => {
    const error = await failure(
      createKollaAdapter({ ...options, connectorId: 'dentrix-1' }).openSlots({
        date: TUESDAY,
        providerId: FIRST_AVAILABLE,
        durationMinutes: 30,
      }),
    );
    expect(error.code).toBe('connector_not_found');
    expect(error.message).toContain('connector target not found');
  });
});
