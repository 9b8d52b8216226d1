import type { Principal } from '#shared/permissions';

/** `null` = every row; otherwise only rows whose id is listed (possibly none). */
export type Scope = readonly string[] | null;

export const assignedPhoneNumbers = (p: Principal): Scope =>
  p.role === 'admin' ? null : p.assignedPhoneNumbers;
export const assignedAssistants = (p: Principal): Scope => (p.role === 'admin' ? null : p.assignedAssistants);
export const visibleWorkflows = (p: Principal): Scope =>
  p.role === 'admin' || p.permissions.canWorkflows ? null : [];

/**
 * Calls a user may see: all for admins; for sub users with Call Logs, those on their assigned numbers or
 * assistants; none otherwise.
 */
export const visibleCalls = (
  p: Principal,
): { phoneNumbers: readonly string[]; assistants: readonly string[] } | null =>
  p.role === 'admin'
    ? null
    : p.permissions.canCallLogs
      ? { phoneNumbers: p.assignedPhoneNumbers, assistants: p.assignedAssistants }
      : { phoneNumbers: [], assistants: [] };
