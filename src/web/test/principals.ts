import { ALL_PERMISSIONS, NO_PERMISSIONS, type Permissions, type Role } from '#shared/permissions';
import type { UserPermissionsResponse } from '#shared/schemas/auth';

/** A GET /api/user-permissions body for a component test. */
export function permissionsBody({
  role = 'sub',
  permissions = {},
  assignedConnectors = [],
  assignedPhoneNumbers = [],
}: {
  role?: Role;
  permissions?: Partial<Permissions>;
  assignedConnectors?: string[];
  assignedPhoneNumbers?: string[];
} = {}): UserPermissionsResponse {
  return {
    success: true,
    data: {
      role,
      permissions: { ...(role === 'admin' ? ALL_PERMISSIONS : NO_PERMISSIONS), ...permissions },
      assignedPhoneNumbers,
      assignedConnectors,
      assignedAssistants: [],
    },
  };
}

/** The demo front desk: book and see the calendar, nothing else. */
export const FRONT_DESK_PERMISSIONS = permissionsBody({
  permissions: { canBookAppointment: true, canAppointmentCalendar: true, canCallLogs: true },
  assignedConnectors: ['sandbox'],
});
