/** `operator`: the vendor's own staff, above practices; sees no patient data (issue 22). */
export const ROLES = ['admin', 'sub', 'operator'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSION_FLAGS = [
  'canCallLogs',
  'canAssistants',
  'canWorkflows',
  'canBookAppointment',
  'canAppointmentCalendar',
  'canOutboundCalls',
  'canMessages',
  'canAnalytics',
] as const;
export type PermissionFlag = (typeof PERMISSION_FLAGS)[number];
export type Permissions = Record<PermissionFlag, boolean>;

/** What the policy needs to know about whoever is asking. */
export interface Principal {
  role: Role;
  permissions: Permissions;
  assignedPhoneNumbers: readonly string[];
  assignedConnectors: readonly string[];
  assignedAssistants: readonly string[];
}

export const ACTIONS = [
  'overview:view',
  'callLogs:view',
  /** The built-in call simulator: it books into the real schedule. */
  'calls:simulate',
  'assistants:view',
  'assistants:manage',
  /** Create Assistant (part-2 section 6), and replacing or removing an assistant's knowledge-base file. */
  'assistants:create',
  'workflows:view',
  'workflows:manage',
  'phoneNumbers:view',
  /** Releasing a number stops the practice's phone being answered: admins only (ADR 042). */
  'phoneNumbers:delete',
  'booking:use',
  'calendar:view',
  /** Providers and open slots: needed to book and to read the calendar. */
  'schedule:view',
  'outboundCalls:use',
  /** Calling window, concurrency and the daily campaigns. */
  'outboundSettings:manage',
  /** The number and hours of transfer to a person (ADR 045). */
  'callTransfer:manage',
  /** Patients with upcoming appointments: for outbound calls and booking. */
  'patients:list',
  'processor:use',
  'connectors:view',
  'connectors:manage',
  'users:manage',
  'audit:view',
  /** The vendor's sales leads: the operator's, not a practice's. */
  'demoRequests:manage',
  /** Text conversations with patients and the opt-out ledger (issue 23). */
  'messages:use',
  /** Sender number, templates and sending settings; the sandbox's "reply as the patient". */
  'messagingSettings:manage',
  /** List, create, suspend and reactivate practices (operator). */
  'practices:manage',
  /** The mail sandbox's sent mails (operator). */
  'mail:view',
  /** Invite staff to the caller's practice by e-mail (admin). */
  'users:invite',
  /** Pull the assistants and numbers of the practice's voice-platform account into ours. */
  'voicePlatform:import',
  /** The Analytics screen and its export, scoped like calls (issue 25). */
  'analytics:view',
  /** The estimated value of each appointment type. */
  'analyticsSettings:manage',
  /** Mark a visit that has started kept or no-show (from the calendar). */
  'appointments:settle',
] as const;
export type Action = (typeof ACTIONS)[number];

const FLAG_FOR_ACTION: Partial<Record<Action, PermissionFlag>> = {
  'callLogs:view': 'canCallLogs',
  'assistants:view': 'canAssistants',
  'assistants:manage': 'canAssistants',
  'workflows:view': 'canWorkflows',
  'workflows:manage': 'canWorkflows',
  'booking:use': 'canBookAppointment',
  'calendar:view': 'canAppointmentCalendar',
  'outboundCalls:use': 'canOutboundCalls',
  'messages:use': 'canMessages',
  'analytics:view': 'canAnalytics',
  'appointments:settle': 'canAppointmentCalendar',
};

/** Actions any one of several flags allows. */
const FLAGS_FOR_ACTION: Partial<Record<Action, readonly PermissionFlag[]>> = {
  'schedule:view': ['canBookAppointment', 'canAppointmentCalendar'],
  'patients:list': ['canOutboundCalls', 'canBookAppointment'],
};

const ADMIN_ONLY: ReadonlySet<Action> = new Set([
  'calls:simulate',
  'processor:use',
  'connectors:manage',
  'users:manage',
  'audit:view',
  'users:invite',
  'assistants:create',
  'voicePlatform:import',
  'outboundSettings:manage',
  'callTransfer:manage',
  'phoneNumbers:delete',
  'messagingSettings:manage',
  'analyticsSettings:manage',
]);

/** What only the operator may do; the operator may do nothing else (no practice's data). */
const OPERATOR_ONLY: ReadonlySet<Action> = new Set(['demoRequests:manage', 'practices:manage', 'mail:view']);

/** The one policy: the menu, the buttons and every server route ask this function. */
export function can(principal: Principal | null | undefined, action: Action): boolean {
  if (!principal) return action === 'overview:view';
  if (principal.role === 'operator') return OPERATOR_ONLY.has(action);
  if (OPERATOR_ONLY.has(action)) return false;
  if (principal.role === 'admin') return true;
  if (ADMIN_ONLY.has(action)) return false;
  if (action === 'overview:view') return true;
  if (action === 'phoneNumbers:view') return principal.assignedPhoneNumbers.length > 0;
  if (action === 'connectors:view') return principal.assignedConnectors.length > 0;
  const flag = FLAG_FOR_ACTION[action];
  if (flag) return principal.permissions[flag];
  return FLAGS_FOR_ACTION[action]?.some((f) => principal.permissions[f]) ?? false;
}

export interface MenuItem {
  label: string;
  path: string;
  action: Action;
  section: 'main' | 'admin' | 'operator';
}

export const MENU_ITEMS: readonly MenuItem[] = [
  { label: 'Overview', path: '/', action: 'overview:view', section: 'main' },
  { label: 'Call Logs', path: '/call-logs', action: 'callLogs:view', section: 'main' },
  { label: 'Callbacks', path: '/callbacks', action: 'callLogs:view', section: 'main' },
  { label: 'Assistants', path: '/assistants', action: 'assistants:view', section: 'main' },
  { label: 'Workflows', path: '/workflows', action: 'workflows:view', section: 'main' },
  { label: 'Phone Numbers', path: '/phone-numbers', action: 'phoneNumbers:view', section: 'main' },
  { label: 'Book Appointment', path: '/book-appointment', action: 'booking:use', section: 'main' },
  {
    label: 'Appointments Calendar',
    path: '/appointments-calendar',
    action: 'calendar:view',
    section: 'main',
  },
  { label: 'Outbound Calls', path: '/outbound-calls', action: 'outboundCalls:use', section: 'main' },
  { label: 'Messages', path: '/messages', action: 'messages:use', section: 'main' },
  { label: 'Analytics', path: '/analytics', action: 'analytics:view', section: 'main' },
  {
    label: 'Appointment Processor',
    path: '/appointment-processor',
    action: 'processor:use',
    section: 'main',
  },
  { label: 'Linked Accounts', path: '/linked-accounts', action: 'connectors:view', section: 'main' },
  { label: 'User Management', path: '/user-management', action: 'users:manage', section: 'admin' },
  { label: 'Audit Log', path: '/audit-log', action: 'audit:view', section: 'admin' },
  { label: 'Practices', path: '/practices', action: 'practices:manage', section: 'operator' },
  { label: 'Demo Requests', path: '/demo-requests', action: 'demoRequests:manage', section: 'operator' },
  { label: 'Sent Mail', path: '/sent-mail', action: 'mail:view', section: 'operator' },
];

/** Menu items the principal may see; while permissions are unknown only Overview shows. */
export function visibleMenuItems(principal: Principal | null | undefined): MenuItem[] {
  return MENU_ITEMS.filter((item) => can(principal, item.action));
}

export const NO_PERMISSIONS: Permissions = {
  canCallLogs: false,
  canAssistants: false,
  canWorkflows: false,
  canBookAppointment: false,
  canAppointmentCalendar: false,
  canOutboundCalls: false,
  canMessages: false,
  canAnalytics: false,
};

export const ALL_PERMISSIONS: Permissions = {
  canCallLogs: true,
  canAssistants: true,
  canWorkflows: true,
  canBookAppointment: true,
  canAppointmentCalendar: true,
  canOutboundCalls: true,
  canMessages: true,
  canAnalytics: true,
};
