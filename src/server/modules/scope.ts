import type { Principal } from '#shared/permissions';

/** `null` = every row; otherwise only rows whose id is listed (possibly none). */
export type Scope = readonly string[] | null;

export const assignedPhoneNumbers = (p: Principal): Scope =>
  p.role === 'admin' ? null : p.assignedPhoneNumbers;
export const assignedAssistants = (p: Principal): Scope => (p.role === 'admin' ? null : p.assignedAssistants);
/** Calls are seen through the numbers they came in on, and only with the Call Logs permission. */
export const visibleCallNumbers = (p: Principal): Scope =>
  p.role === 'admin' ? null : p.permissions.canCallLogs ? p.assignedPhoneNumbers : [];
export const visibleWorkflows = (p: Principal): Scope =>
  p.role === 'admin' || p.permissions.canWorkflows ? null : [];
