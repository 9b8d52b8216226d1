import { describe, expect, it } from 'vitest';
import {
  appointmentBody,
  bareId,
  contactBody,
  resourceType,
  toAppointment,
  toPatient,
  toProvider,
} from './mapper';
import { appointmentSchema, contactSchema, resourceSchema } from './schemas';

// Shapes as observed in Kolla's Open Dental sandbox (kolla.md §3).
const sandboxAppointment = appointmentSchema.parse({
  name: 'appointments/25',
  remote_id: '25',
  contact_id: 'contacts/13',
  contact: { name: '', remote_id: '13', given_name: 'Ann', family_name: 'Lee' },
  start_time: '2025-07-03T19:00:00Z',
  end_time: '2025-07-03T20:00:00Z',
  wall_start_time: '2025-07-03 13:00:00',
  wall_end_time: '2025-07-03 14:00:00',
  time_zone: '',
  providers: [{ name: 'resources/provider_1', remote_id: 'provider_1', type: 'provider', display_name: '' }],
  resources: [
    { name: 'resources/operatory_5', remote_id: '5', type: 'operatory', display_name: 'Hygiene Op 1' },
  ],
  operatory: 'resources/operatory_5',
  scheduler: { name: '', remote_id: 'user_3', type: 'staff', display_name: '' },
  short_description: 'WebSched New Patient Default',
  notes: 'Phone: 555',
  confirmed: true,
  cancelled: false,
  completed: false,
  broken: false,
  additional_data: { confirmation_type: 'confirmationTypes/0', new_patient: 'true' },
  create_time: null,
  update_time: '2025-07-01T10:00:00Z',
});

describe('kolla mapper', () => {
  it('takes ids from resource names', () => {
    expect(bareId('appointments/25')).toBe('25');
    expect(bareId('resources/provider_1', '1')).toBe('provider_1');
    expect(bareId('', '7')).toBe('7');
  });

  it('normalises mixed-case resource types', () => {
    expect(resourceType('provider')).toBe('PROVIDER');
    expect(resourceType('Operatory')).toBe('OPERATORY');
    expect(resourceType('staff')).toBeUndefined();
  });

  it('maps the sandbox appointment, taking wall times as given', () => {
    const resources = new Map([
      [
        'provider_1',
        resourceSchema.parse({ name: 'resources/provider_1', type: 'PROVIDER', display_name: 'Dr. Smith' }),
      ],
    ]);
    // The configured zone differs on purpose: wall times must not be re-derived.
    const a = toAppointment(sandboxAppointment, { timeZone: 'America/New_York', resources });
    expect(a).toEqual({
      remoteId: '25',
      start: new Date('2025-07-03T19:00:00Z'),
      end: new Date('2025-07-03T20:00:00Z'),
      wallStart: '2025-07-03T13:00:00',
      wallEnd: '2025-07-03T14:00:00',
      contact: { remoteId: '13', givenName: 'Ann', familyName: 'Lee', name: 'Ann Lee' },
      providers: [{ remoteId: 'provider_1', displayName: 'Dr. Smith' }],
      resources: [
        { type: 'PROVIDER', remoteId: 'provider_1', displayName: 'Dr. Smith' },
        { type: 'OPERATORY', remoteId: 'operatory_5', displayName: 'Hygiene Op 1' },
      ],
      notes: 'Phone: 555',
      confirmed: true,
      completed: false,
      cancelled: false,
      noShow: false,
      updatedAt: new Date('2025-07-01T10:00:00Z'),
      confirmationNumber: '25',
      appointmentType: 'WebSched New Patient Default',
    });
  });

  it('keeps broken apart: less than 24 hours before the start a no-show, earlier a cancellation (issue 25)', () => {
    const broken = (update_time: string, cancelled = false) =>
      toAppointment({ ...sandboxAppointment, broken: true, cancelled, update_time }, { timeZone: 'UTC' })!;
    // The visit starts 2025-07-03T19:00Z.
    expect(broken('2025-07-03T19:30:00Z')).toMatchObject({ cancelled: true, noShow: true });
    expect(broken('2025-07-02T19:00:01Z')).toMatchObject({ cancelled: true, noShow: true });
    expect(broken('2025-07-02T19:00:00Z')).toMatchObject({ cancelled: true, noShow: false });
    expect(broken('2025-07-01T10:00:00Z')).toMatchObject({ cancelled: true, noShow: false });
    // When it broke is not known: Open Dental's Break records a missed visit.
    expect(broken('')).toMatchObject({ cancelled: true, noShow: true });
    // Cancelled and broken: a cancellation.
    expect(broken('2025-07-03T19:30:00Z', true)).toMatchObject({ cancelled: true, noShow: false });
    expect(toAppointment({ ...sandboxAppointment, completed: true }, { timeZone: 'UTC' })).toMatchObject({
      completed: true,
      cancelled: false,
      noShow: false,
    });
  });

  it('handles empty contact names and treats broken as cancelled', () => {
    const a = toAppointment(
      {
        ...sandboxAppointment,
        contact: { name: '', remote_id: '', given_name: '', family_name: '' },
        broken: true,
      },
      { timeZone: 'America/Denver' },
    );
    expect(a?.contact).toEqual({ remoteId: '13', givenName: '', familyName: '', name: '' });
    expect(a?.cancelled).toBe(true);
  });

  it('derives a missing form of the time from the other', () => {
    const a = toAppointment(
      { ...sandboxAppointment, start_time: '', end_time: '', time_zone: 'America/Denver' },
      { timeZone: 'UTC' },
    );
    expect(a?.start.toISOString()).toBe('2025-07-03T19:00:00.000Z');
    const b = toAppointment(
      { ...sandboxAppointment, wall_start_time: '', wall_end_time: '' },
      { timeZone: 'America/Denver' },
    );
    expect(b?.wallStart).toBe('2025-07-03T13:00:00');
    expect(
      toAppointment({ ...sandboxAppointment, start_time: '', wall_start_time: '' }, { timeZone: 'UTC' }),
    ).toBeUndefined();
  });

  it('maps providers with tidy names and kind', () => {
    const p = toProvider(
      resourceSchema.parse({
        name: 'resources/provider_001',
        remote_id: '001',
        type: 'PROVIDER',
        display_name: 'Dr.  Sarah  Smith ',
        additional_data: { hygienist: 'false', display_order: 1 },
      }),
    );
    expect(p).toEqual({
      remoteId: 'provider_001',
      name: 'Dr. Sarah Smith',
      displayName: 'Dr.  Sarah  Smith ',
      kind: 'dentist',
    });
  });

  it('maps contacts with phones as E.164', () => {
    const c = contactSchema.parse({
      name: 'contacts/13',
      remote_id: '13',
      given_name: 'Ann',
      family_name: 'Lee',
      phone_numbers: [{ number: '(555) 123-4567', type: 'HOME' }],
      email_addresses: [{ address: 'ann@example.com', type: 'HOME' }],
    });
    expect(toPatient(c)).toEqual({
      remoteId: '13',
      givenName: 'Ann',
      familyName: 'Lee',
      name: 'Ann Lee',
      phone: '+15551234567',
      email: 'ann@example.com',
    });
  });

  it('builds create bodies with full reference names and vendor wall times', () => {
    expect(contactBody({ givenName: 'Ann', familyName: 'Lee', phone: '+15551234567' })).toMatchObject({
      type: 'PATIENT',
      phone_numbers: [{ number: '5551234567', type: 'MOBILE' }],
      email_addresses: [],
    });
    const provider = resourceSchema.parse({ name: 'resources/provider_1', remote_id: '1', type: 'PROVIDER' });
    const operatory = resourceSchema.parse({
      name: 'resources/operatory_5',
      remote_id: '5',
      type: 'OPERATORY',
    });
    expect(
      appointmentBody({
        contactId: '13',
        wallStart: '2025-07-07T10:00:00',
        wallEnd: '2025-07-07T10:30:00',
        provider,
        operatory,
      }),
    ).toMatchObject({
      contact_id: 'contacts/13',
      wall_start_time: '2025-07-07 10:00:00',
      wall_end_time: '2025-07-07 10:30:00',
      operatory: 'resources/operatory_5',
      providers: [{ name: 'resources/provider_1', remote_id: '1', type: 'provider' }],
    });
  });
});
