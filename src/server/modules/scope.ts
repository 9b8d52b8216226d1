import { inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Principal } from '#shared/permissions';
import { calls } from '../db/schema/index';

/** `null` = every row; otherwise only rows whose id is listed (possibly none). */
export type Scope = readonly string[] | null;

export const assignedPhoneNumbers = (p: Principal): Scope =>
  p.role === 'admin' ? null : p.assignedPhoneNumbers;
export const assignedAssistants = (p: Principal): Scope => (p.role === 'admin' ? null : p.assignedAssistants);
export const visibleWorkflows = (p: Principal): Scope =>
  p.role === 'admin' || p.permissions.canWorkflows ? null : [];

/** Calls a user may see: `null` = every call; otherwise those on these numbers or assistants. */
export type CallScope = { phoneNumbers: readonly string[]; assistants: readonly string[] } | null;

/**
 * Calls a user may see: all for admins; for sub users with Call Logs, those on their assigned numbers or
 * assistants; none otherwise.
 */
export const visibleCalls = (p: Principal): CallScope =>
  p.role === 'admin'
    ? null
    : p.permissions.canCallLogs
      ? { phoneNumbers: p.assignedPhoneNumbers, assistants: p.assignedAssistants }
      : { phoneNumbers: [], assistants: [] };

/**
 * What analytics counts for a user (issue 25): like calls, but by the Analytics flag; a sub user's figures come
 * from the calls on their assigned numbers or assistants and what those calls produced.
 */
export const visibleAnalytics = (p: Principal): CallScope =>
  p.role === 'admin'
    ? null
    : p.permissions.canAnalytics
      ? { phoneNumbers: p.assignedPhoneNumbers, assistants: p.assignedAssistants }
      : { phoneNumbers: [], assistants: [] };

/**
 * The SQL condition for the calls in a scope (`undefined`: every call); `on` names the number and assistant
 * columns when they are not the calls table's own (what analytics counts through a call's ids).
 */
export function callsInScope(
  scope: CallScope,
  on: { phoneNumberId: SQLWrapper; assistantId: SQLWrapper } = {
    phoneNumberId: calls.phoneNumberId,
    assistantId: calls.assistantId,
  },
): SQL | undefined {
  if (!scope) return undefined;
  const parts = [
    scope.phoneNumbers.length ? inArray(on.phoneNumberId, [...scope.phoneNumbers]) : undefined,
    scope.assistants.length ? inArray(on.assistantId, [...scope.assistants]) : undefined,
  ].filter((part) => part !== undefined);
  return parts.length ? or(...parts) : sql`false`;
}
