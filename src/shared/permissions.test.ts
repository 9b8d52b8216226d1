import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, can, NO_PERMISSIONS, visibleMenuItems, type Principal } from './permissions';

const sub = (overrides: Partial<Principal> = {}): Principal => ({
  role: 'sub',
  permissions: NO_PERMISSIONS,
  assignedPhoneNumbers: [],
  assignedConnectors: [],
  assignedAssistants: [],
  ...overrides,
});
const labels = (principal: Principal | undefined) => visibleMenuItems(principal).map((item) => item.label);

describe('visibleMenuItems', () => {
  it('shows only Overview while permissions are unknown', () => {
    expect(labels(undefined)).toEqual(['Overview']);
  });

  it("shows an admin every practice item, the processor and User Management, none of the operator's", () => {
    expect(labels({ ...sub(), role: 'admin' })).toEqual([
      'Overview',
      'Call Logs',
      'Callbacks',
      'Assistants',
      'Workflows',
      'Phone Numbers',
      'Book Appointment',
      'Appointments Calendar',
      'Outbound Calls',
      'Messages',
      'Analytics',
      'Appointment Processor',
      'Linked Accounts',
      'User Management',
      'Audit Log',
    ]);
  });

  it('shows the operator Practices, Demo Requests and Sent Mail, and nothing else', () => {
    expect(labels({ ...sub(), role: 'operator' })).toEqual(['Practices', 'Demo Requests', 'Sent Mail']);
  });

  it('shows a sub user with no flags and no assignments only Overview', () => {
    expect(labels(sub())).toEqual(['Overview']);
  });

  it('shows a sub user each feature whose flag is on, never the processor or admin items', () => {
    expect(labels(sub({ permissions: ALL_PERMISSIONS }))).toEqual([
      'Overview',
      'Call Logs',
      'Callbacks',
      'Assistants',
      'Workflows',
      'Book Appointment',
      'Appointments Calendar',
      'Outbound Calls',
      'Messages',
      'Analytics',
    ]);
  });

  it('shows Phone Numbers and Linked Accounts once something is assigned', () => {
    const frontDesk = sub({
      permissions: {
        ...NO_PERMISSIONS,
        canCallLogs: true,
        canBookAppointment: true,
        canAppointmentCalendar: true,
      },
      assignedPhoneNumbers: ['p1'],
      assignedConnectors: ['sandbox'],
    });
    expect(labels(frontDesk)).toEqual([
      'Overview',
      'Call Logs',
      'Callbacks',
      'Phone Numbers',
      'Book Appointment',
      'Appointments Calendar',
      'Linked Accounts',
    ]);
  });
});

describe('can', () => {
  it('lets a sub user manage a feature only with its flag', () => {
    expect(can(sub(), 'assistants:manage')).toBe(false);
    expect(can(sub({ permissions: { ...NO_PERMISSIONS, canAssistants: true } }), 'assistants:manage')).toBe(
      true,
    );
  });

  it('keeps admin-only actions from a sub user with every flag', () => {
    const everything = sub({
      permissions: ALL_PERMISSIONS,
      assignedConnectors: ['x'],
      assignedPhoneNumbers: ['y'],
    });
    for (const action of [
      'processor:use',
      'connectors:manage',
      'users:manage',
      'audit:view',
      'phoneNumbers:delete',
      'analyticsSettings:manage',
    ] as const) {
      expect(can(everything, action)).toBe(false);
    }
  });

  it('allows nothing but Overview without a principal', () => {
    expect(can(null, 'overview:view')).toBe(true);
    expect(can(null, 'callLogs:view')).toBe(false);
  });
});

describe('analytics (issue 25)', () => {
  it('shows the screen to a sub user only with canAnalytics, and the values to admins only', () => {
    const analyst = sub({ permissions: { ...NO_PERMISSIONS, canAnalytics: true } });
    expect(can(sub({ permissions: { ...ALL_PERMISSIONS, canAnalytics: false } }), 'analytics:view')).toBe(
      false,
    );
    expect(can(analyst, 'analytics:view')).toBe(true);
    expect(labels(analyst)).toEqual(['Overview', 'Analytics']);
    expect(can(analyst, 'analyticsSettings:manage')).toBe(false);
    expect(can({ ...analyst, role: 'admin' }, 'analyticsSettings:manage')).toBe(true);
  });

  it('lets whoever reads the calendar mark a visit kept or no-show', () => {
    expect(
      can(sub({ permissions: { ...NO_PERMISSIONS, canBookAppointment: true } }), 'appointments:settle'),
    ).toBe(false);
    expect(
      can(sub({ permissions: { ...NO_PERMISSIONS, canAppointmentCalendar: true } }), 'appointments:settle'),
    ).toBe(true);
  });
});

describe('actions allowed by either of two flags', () => {
  it('schedule:view needs booking or the calendar', () => {
    expect(can(sub(), 'schedule:view')).toBe(false);
    expect(can(sub({ permissions: { ...NO_PERMISSIONS, canBookAppointment: true } }), 'schedule:view')).toBe(
      true,
    );
    expect(
      can(sub({ permissions: { ...NO_PERMISSIONS, canAppointmentCalendar: true } }), 'schedule:view'),
    ).toBe(true);
  });

  it('patients:list needs outbound calls or booking', () => {
    expect(
      can(sub({ permissions: { ...NO_PERMISSIONS, canAppointmentCalendar: true } }), 'patients:list'),
    ).toBe(false);
    expect(can(sub({ permissions: { ...NO_PERMISSIONS, canOutboundCalls: true } }), 'patients:list')).toBe(
      true,
    );
    expect(can(sub({ permissions: { ...NO_PERMISSIONS, canBookAppointment: true } }), 'patients:list')).toBe(
      true,
    );
  });
});
