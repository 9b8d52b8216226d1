import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, NO_PERMISSIONS, type Principal } from '#shared/permissions';
import { consoleReturnPath, returnPathFor, signInPathFor } from './return-path';

const frontDesk: Principal = {
  role: 'sub',
  permissions: { ...NO_PERMISSIONS, canAppointmentCalendar: true },
  assignedPhoneNumbers: [],
  assignedConnectors: [],
  assignedAssistants: [],
};
const admin: Principal = { ...frontDesk, role: 'admin', permissions: ALL_PERMISSIONS };

describe('consoleReturnPath', () => {
  it('keeps a console page with its query and hash', () => {
    expect(consoleReturnPath('/appointments-calendar?date=2026-12-01#x')).toBe(
      '/appointments-calendar?date=2026-12-01#x',
    );
  });

  it.each([
    'https://evil.example/appointments-calendar',
    '//evil.example/appointments-calendar',
    '/\\evil.example',
    'javascript:alert(1)',
    '/pricing',
    '/no-such-page',
    '',
    null,
  ])('refuses %s', (raw) => {
    expect(consoleReturnPath(raw)).toBeUndefined();
  });
});

describe('returnPathFor', () => {
  it('returns to a page the user may open', () => {
    expect(returnPathFor('/appointments-calendar', frontDesk)).toBe('/appointments-calendar');
  });

  it('goes to the Overview for a page the user may not open', () => {
    expect(returnPathFor('/user-management', frontDesk)).toBe('/');
    expect(returnPathFor('/user-management', admin)).toBe('/user-management');
  });
});

describe('signInPathFor', () => {
  it('carries the page asked for', () => {
    expect(signInPathFor({ pathname: '/book-appointment', search: '?a=1' })).toBe(
      '/signin?next=%2Fbook-appointment%3Fa%3D1',
    );
    expect(signInPathFor({ pathname: '/' })).toBe('/signin');
  });
});
