import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointments,
  assistants,
  callbacks,
  calls,
  connectors,
  conversations,
  demoRequests,
  phoneMappings,
  phoneNumbers,
  userAssistants,
  userConnectors,
  patients,
  providers,
  userPhoneNumbers,
  users,
  workflows,
} from './db/schema/index';
import { ASSISTANT_DEFAULTS } from '#shared/schemas/assistants';
import { multipart } from './test/multipart';
import { createOtherPractice } from './test/other-practice';
import { eq } from 'drizzle-orm';
import { firstPracticeId } from './test/practice-number';
import { bearer, createTestApp, OPERATOR, type TestApp } from './test/test-app';

/**
 * The authorization table: EVERY registered /api route must have a row, so a new route without one fails.
 * Each row is driven as: anonymous, a sub user without the route's flag or assignment, a sub user with every
 * flag and assignment, (where a single resource is read) a sub user asking for one assigned to someone
 * else, an admin, and the operator (the vendor's staff: 403 on every practice route, patient data above all,
 * unless the row says otherwise).
 */
interface Ids {
  demoConnector: string;
  number: string;
  /** A call on the number assigned to the sub user with every flag, and one on nobody's number. */
  ownCall: string;
  otherCall: string;
  otherConnector: string;
  user: string;
  /** Assigned to the sub user with every flag; the "other" ones are not. */
  assistant: string;
  otherAssistant: string;
  phoneNumber: string;
  otherPhoneNumber: string;
  newAssistant(): Promise<string>;
  newWorkflow(): Promise<string>;
  /** A new number assigned to the sub user with every flag: its id and E.164, optionally mapped. */
  newPhoneNumber(mapped?: boolean): Promise<{ id: string; number: string }>;
  newUser(): Promise<string>;
  newConnector(): Promise<string>;
  newDemoRequest(): Promise<string>;
  /** The demo practice (a status PATCH of "active" leaves it as it is). */
  practice: string;
}
interface Target {
  url: string;
  payload?: object | Buffer;
  headers?: Record<string, string>;
}
interface Row {
  target(ids: Ids): Target | Promise<Target>;
  /** Expected status for: sub user without the flag, sub user with it, admin. */
  subWithout: number;
  subWith: number;
  admin: number;
  /** Expected status for the operator; 403 unless given (public rows: as the admin). */
  operator?: number;
  /** A request for a resource that exists but is assigned to someone else: must be a 404 for the sub user. */
  othersResource?(ids: Ids): Target;
  /** The same request on a real resource, for the cross-practice check, where `target` names none. */
  crossPractice?(ids: Ids): Target | Promise<Target>;
  public?: boolean;
}

const ANYONE = { subWithout: 200, subWith: 200, admin: 200 };
const WITH_FLAG = { subWithout: 403, subWith: 200, admin: 200 };
const ADMIN_ONLY = { subWithout: 403, subWith: 403, admin: 200 };
const OPERATOR_ONLY = { subWithout: 403, subWith: 403, admin: 403, operator: 200 };
/** Whoever is signed in, the operator too: their own session and what they may do. */
const EVERYONE = { ...ANYONE, operator: 200 };
const demoRequestBody = {
  name: 'Table Test',
  email: 'table@example.com',
  mobile: '2125550100',
  solution: 'dental-practices' as const,
};
const connectorBody = { name: 'Table', consumerId: 'table', connectorId: 'table' };
const userBody = (n: number) => ({
  user: {
    name: 'Table',
    email: `table${n}@example.com`,
    username: `table${n}`,
    password: 'table-pw-1',
    role: 'sub',
  },
});
let serial = 0;
let numberSerial = 0;
const callbackBooking = {
  appointment_type: 'filling',
  date: '2030-01-07',
  time: '10:00',
  patient_info: { name: 'Table Test', phone_number: '+12125550100' },
};

/** The id of a row of the demo practice's (the first practice's) table. */
async function demoRowId(table: 'providers'): Promise<string> {
  const practiceId = await firstPracticeId(t);
  const rows = await t.database.pool.query<{ id: string }>(
    `select id from "${table}" where practice_id = $1 order by id limit 1`,
    [practiceId],
  );
  return rows.rows[0]!.id;
}

/** An open callback task of the demo practice, on a call of its own. */
async function newCallback(): Promise<string> {
  const practiceId = await firstPracticeId(t);
  const [call] = await t.database.db
    .insert(calls)
    .values({ practiceId, status: 'ended', type: 'inboundPhoneCall' })
    .returning();
  const [task] = await t.database.db
    .insert(callbacks)
    .values({ practiceId, callId: call!.id, dueAt: new Date() })
    .returning();
  return task!.id;
}

/**
 * A visit of the demo practice that started an hour ago, with a patient and a provider of its own: the seed's
 * providers may be booked at that hour, whatever hour the test runs.
 */
async function newPastVisit(): Promise<string> {
  const practiceId = await firstPracticeId(t);
  const [patient] = await t.database.db
    .insert(patients)
    .values({ practiceId, givenName: 'Table', familyName: 'Visit', phone: '+12125550188' })
    .returning();
  const [provider] = await t.database.db
    .insert(providers)
    .values({ practiceId, name: 'Table Provider', displayName: 'Dr. Table', kind: 'dentist' })
    .returning();
  const startsAt = new Date(Date.now() - 3600_000);
  const [row] = await t.database.db
    .insert(appointments)
    .values({
      practiceId,
      patientId: patient!.id,
      providerId: provider!.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 1_800_000),
      confirmationNumber: `TBL${++serial}`,
    })
    .returning();
  return row!.id;
}

function multipartTarget(url: string, fields: Record<string, string>): Target {
  return { url, ...multipart(fields) };
}

const TABLE: Record<string, Row> = {
  'GET /api/health': { ...ANYONE, public: true, target: () => ({ url: '/api/health' }) },
  'GET /api/ready': { ...ANYONE, public: true, target: () => ({ url: '/api/ready' }) },
  'POST /api/auth/login': {
    public: true,
    subWithout: 401,
    subWith: 401,
    admin: 401,
    target: () => ({ url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'x' } }),
  },
  'POST /api/auth/logout': { ...EVERYONE, target: () => ({ url: '/api/auth/logout' }) },
  'GET /api/auth/me': { ...EVERYONE, target: () => ({ url: '/api/auth/me' }) },
  'GET /api/user-permissions': { ...EVERYONE, target: () => ({ url: '/api/user-permissions' }) },
  // Lists are filtered to what is assigned (see lists.routes.test.ts).
  'GET /api/assistants': { ...WITH_FLAG, target: () => ({ url: '/api/assistants' }) },
  'GET /api/assistants/:id': {
    ...WITH_FLAG,
    target: (ids) => ({ url: `/api/assistants/${ids.assistant}` }),
    othersResource: (ids) => ({ url: `/api/assistants/${ids.otherAssistant}` }),
  },
  'POST /api/assistants': {
    ...ADMIN_ONLY,
    target: () => multipartTarget('/api/assistants', { name: 'Table Assistant' }),
  },
  'PATCH /api/assistants/:id': {
    ...WITH_FLAG,
    target: (ids) => ({ url: `/api/assistants/${ids.assistant}`, payload: { firstMessage: 'Hello' } }),
    othersResource: (ids) => ({
      url: `/api/assistants/${ids.otherAssistant}`,
      payload: { firstMessage: 'Hi' },
    }),
  },
  'DELETE /api/assistants/:id': {
    ...WITH_FLAG,
    target: async (ids) => ({ url: `/api/assistants/${await ids.newAssistant()}` }),
    othersResource: (ids) => ({ url: `/api/assistants/${ids.otherAssistant}` }),
  },
  // Replacing or removing an assistant's knowledge-base file is for admins, as uploading it is (create).
  'PUT /api/assistants/:id/knowledge-base-file': {
    ...ADMIN_ONLY,
    target: (ids) => ({
      url: `/api/assistants/${ids.assistant}/knowledge-base-file`,
      ...multipart({}, [{ field: 'knowledgeBaseFile', fileName: 'faq.txt', content: 'Open at 8.' }]),
    }),
  },
  'DELETE /api/assistants/:id/knowledge-base-file': {
    ...ADMIN_ONLY,
    target: async (ids) => {
      const id = await ids.newAssistant();
      await t.database.db
        .update(assistants)
        .set({ knowledgeBaseFileName: 'faq.txt' })
        .where(eq(assistants.id, id));
      return { url: `/api/assistants/${id}/knowledge-base-file` };
    },
  },
  'GET /api/workflows': { ...WITH_FLAG, target: () => ({ url: '/api/workflows' }) },
  'POST /api/workflows': {
    ...WITH_FLAG,
    target: () => ({ url: '/api/workflows', payload: { name: 'Table' } }),
  },
  'DELETE /api/workflows/:id': {
    ...WITH_FLAG,
    target: async (ids) => ({ url: `/api/workflows/${await ids.newWorkflow()}` }),
  },
  // Everyone: a sub user without numbers sees the empty state. Edits need an assigned number (section 6);
  // deleting a number is for admins only (ADR 042).
  'GET /api/phone-numbers': { ...ANYONE, target: () => ({ url: '/api/phone-numbers' }) },
  'PATCH /api/phone-numbers/:id': {
    ...WITH_FLAG,
    target: (ids) => ({ url: `/api/phone-numbers/${ids.phoneNumber}`, payload: { name: 'Main Line' } }),
    othersResource: (ids) => ({ url: `/api/phone-numbers/${ids.otherPhoneNumber}`, payload: { name: 'x' } }),
  },
  'DELETE /api/phone-numbers/:id': {
    ...ADMIN_ONLY,
    target: async (ids) => ({ url: `/api/phone-numbers/${(await ids.newPhoneNumber()).id}` }),
  },
  'GET /api/phone-mappings': { ...ANYONE, target: () => ({ url: '/api/phone-mappings' }) },
  'POST /api/phone-mappings': {
    ...WITH_FLAG,
    target: async (ids) => ({
      url: '/api/phone-mappings',
      payload: { phoneNumber: (await ids.newPhoneNumber()).number, connectorId: 'sandbox', name: 'Table' },
    }),
  },
  'PUT /api/phone-mappings/:phoneNumber': {
    ...WITH_FLAG,
    target: async (ids) => ({
      url: `/api/phone-mappings/${encodeURIComponent((await ids.newPhoneNumber(true)).number)}`,
      payload: { connectorId: 'sandbox', name: 'Table' },
    }),
  },
  'DELETE /api/phone-mappings/:phoneNumber': {
    ...WITH_FLAG,
    target: async (ids) => ({
      url: `/api/phone-mappings/${encodeURIComponent((await ids.newPhoneNumber(true)).number)}`,
    }),
  },
  // Which voice platform the deployment uses: no practice's data.
  'GET /api/voice-platform': { ...EVERYONE, target: () => ({ url: '/api/voice-platform' }) },
  // Admins only; the sandbox has no account to import from (400).
  'POST /api/voice-platform/import': {
    subWithout: 403,
    subWith: 403,
    admin: 400,
    target: () => ({ url: '/api/voice-platform/import' }),
  },
  'GET /api/calls': { ...WITH_FLAG, target: () => ({ url: '/api/calls' }) },
  'GET /api/calls/stats': { ...WITH_FLAG, target: () => ({ url: '/api/calls/stats' }) },
  'GET /api/calls/:id': {
    ...WITH_FLAG,
    subWithout: 403,
    target: (ids) => ({ url: `/api/calls/${ids.ownCall}` }),
    othersResource: (ids) => ({ url: `/api/calls/${ids.otherCall}` }),
  },
  'POST /api/calls/simulate': {
    ...ADMIN_ONLY,
    target: (ids) => ({
      url: '/api/calls/simulate',
      payload: { phoneNumberId: ids.number, scenario: 'question-then-hang-up' },
    }),
  },
  'GET /api/active-connector': { ...ANYONE, target: () => ({ url: '/api/active-connector' }) },
  'GET /api/connectors': { ...WITH_FLAG, target: () => ({ url: '/api/connectors' }) },
  'GET /api/connectors/:id': {
    ...WITH_FLAG,
    target: (ids) => ({ url: `/api/connectors/${ids.demoConnector}` }),
    othersResource: (ids) => ({ url: `/api/connectors/${ids.otherConnector}` }),
  },
  'POST /api/connectors': {
    ...ADMIN_ONLY,
    target: () => ({ url: '/api/connectors', payload: connectorBody }),
  },
  'PATCH /api/connectors/:id': {
    ...ADMIN_ONLY,
    target: async (ids) => ({ url: `/api/connectors/${await ids.newConnector()}`, payload: connectorBody }),
  },
  'PATCH /api/connectors/:id/toggle': {
    ...ADMIN_ONLY,
    target: async (ids) => ({
      url: `/api/connectors/${await ids.newConnector()}/toggle`,
      payload: { isActive: false },
    }),
  },
  'DELETE /api/connectors/:id': {
    ...ADMIN_ONLY,
    target: async (ids) => ({ url: `/api/connectors/${await ids.newConnector()}` }),
  },
  'GET /api/users': { ...ADMIN_ONLY, target: () => ({ url: '/api/users' }) },
  'POST /api/users/atomic': {
    ...ADMIN_ONLY,
    target: () => ({ url: '/api/users/atomic', payload: userBody(++serial) }),
  },
  'PUT /api/users/:id/atomic': {
    ...ADMIN_ONLY,
    target: async (ids) => {
      const id = await ids.newUser();
      return { url: `/api/users/${id}/atomic`, payload: userBody(++serial) };
    },
  },
  'DELETE /api/users/:id': {
    ...ADMIN_ONLY,
    target: async (ids) => ({ url: `/api/users/${await ids.newUser()}` }),
  },
  'GET /api/users/:id/permissions': {
    ...ADMIN_ONLY,
    target: (ids) => ({ url: `/api/users/${ids.user}/permissions` }),
  },
  'GET /api/users/:id/phone-numbers': {
    ...ADMIN_ONLY,
    target: (ids) => ({ url: `/api/users/${ids.user}/phone-numbers` }),
  },
  'GET /api/users/:id/linked-accounts': {
    ...ADMIN_ONLY,
    target: (ids) => ({ url: `/api/users/${ids.user}/linked-accounts` }),
  },
  'GET /api/users/:id/assistants': {
    ...ADMIN_ONLY,
    target: (ids) => ({ url: `/api/users/${ids.user}/assistants` }),
  },
  'GET /api/audit-events': { ...ADMIN_ONLY, target: () => ({ url: '/api/audit-events' }) },
  'GET /api/audit-events/export': { ...ADMIN_ONLY, target: () => ({ url: '/api/audit-events/export' }) },
  // The schedule: patient data behind the booking, calendar and outbound-calls flags.
  'GET /api/appointments': { ...WITH_FLAG, target: () => ({ url: '/api/appointments' }) },
  'GET /api/providers': { ...WITH_FLAG, target: () => ({ url: '/api/providers' }) },
  'GET /api/slots/:date/:provider': {
    ...WITH_FLAG,
    target: () => ({ url: '/api/slots/2030-01-07/first_available' }),
    crossPractice: async () => ({ url: `/api/slots/2030-01-07/${await demoRowId('providers')}` }),
  },
  'GET /api/patients-with-appointments': {
    ...WITH_FLAG,
    target: () => ({ url: '/api/patients-with-appointments' }),
  },
  // A patient's kept and missed visits, for staff booking them.
  'GET /api/patient-visits': {
    ...WITH_FLAG,
    target: () => ({ url: '/api/patient-visits?patientId=nobody' }),
  },
  // Marking a visit kept or no-show: the calendar's flag; no such visit gives the 404.
  'POST /api/appointments/:id/outcome': {
    ...WITH_FLAG,
    subWith: 404,
    admin: 404,
    target: () => ({
      url: '/api/appointments/00000000-0000-4000-8000-000000000000/outcome',
      payload: { outcome: 'kept' },
    }),
    crossPractice: async () => ({
      url: `/api/appointments/${await newPastVisit()}/outcome`,
      payload: { outcome: 'no_show' },
    }),
  },
  // Analytics (issue 25): the Analytics flag, scoped like calls; the values per type are the admin's to set.
  'GET /api/analytics': {
    ...WITH_FLAG,
    target: () => ({ url: '/api/analytics?from=2025-03-01&to=2025-03-31' }),
  },
  'GET /api/analytics/export': {
    ...WITH_FLAG,
    target: () => ({ url: '/api/analytics/export?from=2025-03-01&to=2025-03-31' }),
  },
  'GET /api/analytics/values': { ...WITH_FLAG, target: () => ({ url: '/api/analytics/values' }) },
  'PUT /api/analytics/values': {
    ...ADMIN_ONLY,
    target: () => ({
      url: '/api/analytics/values',
      payload: { values: [{ appointmentType: 'filling', value: 120 }] },
    }),
  },
  // Outbound calls: the flag; a sub user only with assigned assistants and numbers (outbound-calls tests).
  'GET /api/outbound-calls': { ...WITH_FLAG, target: () => ({ url: '/api/outbound-calls' }) },
  'POST /api/outbound-calls/start': {
    subWithout: 403,
    subWith: 202,
    admin: 202,
    target: async (ids) => ({
      url: '/api/outbound-calls/start',
      payload: {
        patient_ids: [await nextPatientId()],
        call_type: 'reminder',
        assistant_id: ids.assistant,
        phone_number_id: ids.phoneNumber,
      },
    }),
  },
  // Recall (issue 24): as outbound calls. Each call needs a patient not called for recall yet (30 days).
  'GET /api/recall': { ...WITH_FLAG, target: () => ({ url: '/api/recall?q=a' }) },
  'POST /api/recall/calls': {
    subWithout: 403,
    subWith: 202,
    admin: 202,
    target: async (ids) => ({
      url: '/api/recall/calls',
      payload: {
        patient_ids: [await nextRecallPatientId()],
        assistant_id: ids.assistant,
        phone_number_id: ids.phoneNumber,
      },
    }),
  },
  // No sender number is set in this table's practice: those who may text get the 409 saying so.
  'POST /api/recall/texts': {
    ...WITH_FLAG,
    subWith: 409,
    admin: 409,
    target: async () => ({
      url: '/api/recall/texts',
      payload: { patient_ids: [await nextRecallPatientId(false)] },
    }),
  },
  'GET /api/outbound-settings': { ...ADMIN_ONLY, target: () => ({ url: '/api/outbound-settings' }) },
  'PUT /api/outbound-settings': {
    ...ADMIN_ONLY,
    target: () => ({ url: '/api/outbound-settings', payload: { maxConcurrentCalls: 10 } }),
  },
  'GET /api/call-transfer-settings': {
    ...ADMIN_ONLY,
    target: () => ({ url: '/api/call-transfer-settings' }),
  },
  'PUT /api/call-transfer-settings': {
    ...ADMIN_ONLY,
    target: () => ({
      url: '/api/call-transfer-settings',
      payload: { phoneNumber: null, days: ['mon'], start: '09:00', end: '17:00' },
    }),
  },
  'POST /api/demo-requests': {
    public: true,
    subWithout: 201,
    subWith: 201,
    admin: 201,
    target: () => ({ url: '/api/demo-requests', payload: demoRequestBody }),
  },
  // The vendor's sales leads and its practices: the operator's alone (issue 22).
  'GET /api/demo-requests': { ...OPERATOR_ONLY, target: () => ({ url: '/api/demo-requests' }) },
  'PATCH /api/demo-requests/:id': {
    ...OPERATOR_ONLY,
    target: async (ids) => ({
      url: `/api/demo-requests/${await ids.newDemoRequest()}`,
      payload: { contacted: true },
    }),
  },
  // Invitations: an admin invites staff to their practice; the link's page is public.
  'POST /api/invitations': {
    ...ADMIN_ONLY,
    admin: 201,
    target: () => ({
      url: '/api/invitations',
      payload: { name: 'Table Invitee', email: `table-invitee-${++serial}@example.com`, role: 'sub' },
    }),
  },
  'POST /api/invitations/accept': {
    public: true,
    subWithout: 400,
    subWith: 400,
    admin: 400,
    target: () => ({
      url: '/api/invitations/accept',
      payload: { token: 'no-such-token', password: 'table-password-1' },
    }),
  },
  'GET /api/mail/sandbox': { ...OPERATOR_ONLY, target: () => ({ url: '/api/mail/sandbox' }) },
  'GET /api/practices': { ...OPERATOR_ONLY, target: () => ({ url: '/api/practices' }) },
  'POST /api/practices': {
    ...OPERATOR_ONLY,
    operator: 201,
    target: () => ({
      url: '/api/practices',
      payload: {
        name: 'Table Practice',
        practiceType: 'spas-wellness',
        timeZone: 'Europe/Berlin',
        adminEmail: `table-practice-${++serial}@example.com`,
      },
    }),
  },
  'POST /api/practices/:id/invitations': {
    ...OPERATOR_ONLY,
    operator: 201,
    target: (ids) => ({
      url: `/api/practices/${ids.practice}/invitations`,
      payload: { adminEmail: `table-practice-admin-${++serial}@example.com` },
    }),
  },
  'PATCH /api/practices/:id': {
    ...OPERATOR_ONLY,
    target: (ids) => ({ url: `/api/practices/${ids.practice}`, payload: { status: 'active' } }),
  },
  // Text messages (issue 23): settings for admins; conversations with the flag, scoped to assigned numbers.
  'GET /api/messaging-settings': { ...ADMIN_ONLY, target: () => ({ url: '/api/messaging-settings' }) },
  'PUT /api/messaging-settings': {
    ...ADMIN_ONLY,
    target: () => ({ url: '/api/messaging-settings', payload: { bookingConfirmation: true } }),
  },
  'GET /api/conversations': { ...WITH_FLAG, target: () => ({ url: '/api/conversations' }) },
  'GET /api/conversations/:id/messages': {
    ...WITH_FLAG,
    target: async (ids) => ({ url: `/api/conversations/${await newConversation(ids.phoneNumber)}/messages` }),
    othersResource: () => ({ url: `/api/conversations/${othersConversation}/messages` }),
  },
  // No sender number is set in this table's practice: those who may write get the 409 saying so.
  'POST /api/conversations/:id/messages': {
    ...WITH_FLAG,
    subWith: 409,
    admin: 409,
    target: async (ids) => ({
      url: `/api/conversations/${await newConversation(ids.phoneNumber)}/messages`,
      payload: { body: 'Table text' },
    }),
    othersResource: () => ({
      url: `/api/conversations/${othersConversation}/messages`,
      payload: { body: 'x' },
    }),
  },
  'POST /api/conversations/:id/read': {
    ...WITH_FLAG,
    target: async (ids) => ({
      url: `/api/conversations/${await newConversation(ids.phoneNumber)}/read`,
      payload: {},
    }),
    othersResource: () => ({ url: `/api/conversations/${othersConversation}/read`, payload: {} }),
  },
  'POST /api/conversations/:id/intent': {
    ...WITH_FLAG,
    target: async (ids) => ({
      url: `/api/conversations/${await newConversation(ids.phoneNumber)}/intent`,
      payload: { intent: 'question' },
    }),
    othersResource: () => ({
      url: `/api/conversations/${othersConversation}/intent`,
      payload: { intent: 'question' },
    }),
  },
  'GET /api/messaging/unread': { ...WITH_FLAG, target: () => ({ url: '/api/messaging/unread' }) },
  'GET /api/opt-outs': { ...WITH_FLAG, target: () => ({ url: '/api/opt-outs' }) },
  'POST /api/messaging/sandbox/inbound': {
    ...ADMIN_ONLY,
    admin: 409,
    target: () => ({ url: '/api/messaging/sandbox/inbound', payload: { from: '+12125550100', body: 'Hi' } }),
  },
  // Appointment Processor: admins only (part 1, section 6).
  'POST /api/analyze-transcript': {
    ...ADMIN_ONLY,
    target: () => ({ url: '/api/analyze-transcript', payload: { transcript: 'User: I need a cleaning.' } }),
  },
  'POST /api/call/:id/process-appointment': {
    ...ADMIN_ONLY,
    // No such call: the admin passes the policy and gets the 404.
    admin: 404,
    target: () => ({ url: '/api/call/00000000-0000-4000-8000-000000000000/process-appointment' }),
    crossPractice: (ids) => ({ url: `/api/call/${ids.ownCall}/process-appointment` }),
  },
  'POST /api/process-pending-appointments': {
    ...ADMIN_ONLY,
    target: () => ({ url: '/api/process-pending-appointments' }),
  },
  'GET /api/call-processing': { ...ADMIN_ONLY, target: () => ({ url: '/api/call-processing' }) },
  // Callback inbox: admins and Call Logs users, scoped like call logs.
  'GET /api/callbacks': { ...WITH_FLAG, target: () => ({ url: '/api/callbacks?status=open' }) },
  'GET /api/callbacks/assignees': { ...WITH_FLAG, target: () => ({ url: '/api/callbacks/assignees' }) },
  'PATCH /api/callbacks/:id': {
    ...WITH_FLAG,
    // No such task: users who may use the inbox get the 404.
    subWith: 404,
    admin: 404,
    target: () => ({ url: '/api/callbacks/00000000-0000-4000-8000-000000000000', payload: { take: true } }),
    crossPractice: async () => ({ url: `/api/callbacks/${await newCallback()}`, payload: { take: true } }),
  },
  // Booking from a task: those who may book; no such task gives the 404.
  'POST /api/callbacks/:id/book': {
    ...WITH_FLAG,
    subWith: 404,
    admin: 404,
    target: () => ({
      url: '/api/callbacks/00000000-0000-4000-8000-000000000000/book',
      payload: callbackBooking,
    }),
    crossPractice: async () => ({
      url: `/api/callbacks/${await newCallback()}/book`,
      payload: callbackBooking,
    }),
  },
};

let t: TestApp;
let ids: Ids;
/** A text conversation on a number nobody is assigned to. */
let othersConversation: string;
let conversationSerial = 0;
/** A text conversation of the demo practice on our number `phoneNumberId`. */
async function newConversation(phoneNumberId: string): Promise<string> {
  const [row] = await t.database.db
    .insert(conversations)
    .values({
      practiceId: ids.practice,
      phoneNumber: `+1212555${String(6000 + ++conversationSerial)}`,
      phoneNumberId,
    })
    .returning();
  return row!.id;
}
/** Where the cross-practice rows send a resource: a practice of its own, with its own admin. */
let otherPracticeId: string;

/**
 * A patient of the demo practice with an upcoming appointment, another at each call: a patient has one open
 * outbound call of a type at a time, so each role's start needs its own.
 */
let patientsCalled = 0;
async function nextPatientId(): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/patients-with-appointments',
    headers: bearer(await t.asAdmin()),
  });
  const withPhone = (
    response.json() as { patients: { id: string; phone_number: string | null }[] }
  ).patients.filter((p) => p.phone_number);
  const patient = withPhone[patientsCalled++ % Math.max(withPhone.length, 1)];
  if (!patient) throw new Error('the demo practice has no patient with a phone number');
  return patient.id;
}
/**
 * A patient of the demo practice due for recall: another at each call (a patient gets one recall call in 30
 * days), the same one when nothing is queued for them (`fresh` false).
 */
let recallPatientsCalled = 0;
async function nextRecallPatientId(fresh = true): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/recall',
    headers: bearer(await t.asAdmin()),
  });
  const due = (response.json() as { patients: { id: string; phone_number: string | null }[] }).patients;
  const patient = due.filter((p) => p.phone_number)[fresh ? recallPatientsCalled++ : 0];
  if (!patient) throw new Error('the demo practice has too few patients due for recall');
  return patient.id;
}
const SUB_WITHOUT = { email: 'sub-without@example.com', password: 'sub-without-1' };
const SUB_WITH = { email: 'sub-with@example.com', password: 'sub-with-1' };

beforeAll(async () => {
  t = await createTestApp();
  await t.asOperator();
  otherPracticeId = (await createOtherPractice(t)).id;
  const admin = await t.asAdmin();
  const post = async (url: string, payload: object) => {
    const response = await t.app.inject({ method: 'POST', url, payload, headers: bearer(admin) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const practiceId = await firstPracticeId(t);
  const [demo] = await t.database.db.select().from(connectors);
  const [number] = await t.database.db.select().from(phoneNumbers);
  const [assistant] = await t.database.db.select().from(assistants);
  const other = (await post('/api/connectors', { name: 'Other', consumerId: 'o', connectorId: 'other' }))
    .connector;
  const [frontDesk] = await t.database.db.select().from(users).where(eq(users.username, 'frontdesk'));
  await t.database.db
    .insert(userConnectors)
    .values({ practiceId: frontDesk!.practiceId!, userId: frontDesk!.id, connectorId: other.id });
  for (const [who, everything] of [
    [SUB_WITHOUT, false],
    [SUB_WITH, true],
  ] as const) {
    const flag = Object.fromEntries(
      [
        'canCallLogs',
        'canAssistants',
        'canWorkflows',
        'canBookAppointment',
        'canAppointmentCalendar',
        'canOutboundCalls',
        'canMessages',
        'canAnalytics',
      ].map((name) => [name, everything]),
    );
    await post('/api/users/atomic', {
      user: { name: who.email, email: who.email, username: who.email.split('@')[0], password: who.password },
      permissions: flag,
      phoneNumberIds: everything ? [number!.id] : [],
      connectorIds: everything ? [demo!.id] : [],
      assistantIds: everything ? [assistant!.id] : [],
    });
  }
  const [subWith] = await t.database.db.select().from(users).where(eq(users.email, SUB_WITH.email));
  const insertAssistant = async (name: string) => {
    const [row] = await t.database.db
      .insert(assistants)
      .values({
        ...structuredClone(ASSISTANT_DEFAULTS),
        model: structuredClone(ASSISTANT_DEFAULTS.model),
        name,
        practiceId,
      })
      .returning();
    return row!.id;
  };
  const otherAssistant = await insertAssistant('Not theirs');
  const [, otherNumber] = await t.database.db.select().from(phoneNumbers).orderBy(phoneNumbers.createdAt);
  const [ownCall, otherCall] = await t.database.db
    .insert(calls)
    .values([
      { practiceId, status: 'ended', type: 'inboundPhoneCall', phoneNumberId: number!.id },
      { practiceId, status: 'ended', type: 'inboundPhoneCall' },
    ])
    .returning();
  ids = {
    demoConnector: demo!.id,
    number: number!.id,
    ownCall: ownCall!.id,
    otherCall: otherCall!.id,
    otherConnector: other.id,
    user: frontDesk!.id,
    assistant: assistant!.id,
    otherAssistant,
    phoneNumber: number!.id,
    otherPhoneNumber: otherNumber!.id,
    newAssistant: async () => {
      const id = await insertAssistant('Table Assistant');
      await t.database.db
        .insert(userAssistants)
        .values({ practiceId: subWith!.practiceId!, userId: subWith!.id, assistantId: id });
      return id;
    },
    newWorkflow: async () => {
      const [row] = await t.database.db.insert(workflows).values({ practiceId, name: 'Table' }).returning();
      return row!.id;
    },
    newPhoneNumber: async (mapped = false) => {
      const e164 = `+1212555${String(3000 + ++numberSerial)}`;
      const [row] = await t.database.db.insert(phoneNumbers).values({ practiceId, number: e164 }).returning();
      await t.database.db
        .insert(userPhoneNumbers)
        .values({ practiceId: subWith!.practiceId!, userId: subWith!.id, phoneNumberId: row!.id });
      if (mapped)
        await t.database.db
          .insert(phoneMappings)
          .values({ practiceId, phoneNumber: e164, connectorId: 'sandbox' });
      return { id: row!.id, number: e164 };
    },
    newUser: async () => (await post('/api/users/atomic', userBody(++serial))).user.id,
    newConnector: async () => (await post('/api/connectors', connectorBody)).connector.id,
    practice: frontDesk!.practiceId!,
    newDemoRequest: async () => {
      const [row] = await t.database.db
        .insert(demoRequests)
        .values({ ...demoRequestBody, clientAddressHash: 'table' })
        .returning();
      return row!.id;
    },
  };
});
beforeAll(async () => {
  othersConversation = await newConversation(ids.otherPhoneNumber);
});
afterAll(() => t.close());

/** The concrete values of a route pattern's parameters in a URL. */
function paramValues(pattern: string, url: string): string[] {
  const names = [...pattern.matchAll(/:(\w+)/g)];
  const regex = new RegExp(`^${pattern.replace(/:(\w+)/g, '([^/?]+)')}(?:\\?.*)?$`);
  const match = regex.exec(url);
  return names.map((_, i) => decodeURIComponent(match?.[i + 1] ?? ''));
}

/** Moves every practice-owned row with this id (or this phone number) to the other practice; returns undos. */
async function moveToOtherPractice(value: string): Promise<(() => Promise<void>)[]> {
  const tables = await t.database.pool.query<{ table_name: string; column_name: string }>(
    `select c.table_name, c.column_name from information_schema.columns c
     where c.table_schema = 'public' and c.column_name in ('id', 'phone_number')
       and c.table_name <> 'audit_events'
       and exists (select 1 from information_schema.columns p where p.table_schema = 'public'
                   and p.table_name = c.table_name and p.column_name = 'practice_id')`,
  );
  const undos: (() => Promise<void>)[] = [];
  for (const { table_name, column_name } of tables.rows) {
    const moved = await t.database.pool.query<{ practice_id: string }>(
      `update "${table_name}" t set practice_id = $1 from "${table_name}" o
       where o."${column_name}"::text = $2 and t."${column_name}" = o."${column_name}"
       returning o.practice_id`,
      [otherPracticeId, value],
    );
    for (const { practice_id } of moved.rows)
      undos.push(async () => {
        await t.database.pool.query(
          `update "${table_name}" set practice_id = $1 where "${column_name}"::text = $2`,
          [practice_id, value],
        );
      });
  }
  return undos;
}

async function send(method: string, target: Target, sessionId?: string) {
  return t.app.inject({
    method: method as 'GET',
    url: target.url,
    payload: target.payload,
    headers: { ...target.headers, ...(sessionId ? bearer(sessionId) : {}) },
  });
}

describe('the authorization table', () => {
  it('has exactly one row for every registered /api route', () => {
    const registered = t.app.registeredRoutes
      .filter((route) => route.url.startsWith('/api/'))
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(registered).toEqual(Object.keys(TABLE).sort());
  });

  it.each(Object.entries(TABLE))('%s', async (key, row) => {
    const method = key.split(' ')[0]!;
    const anonymous = await send(method, await row.target(ids));
    expect(anonymous.statusCode, 'anonymous').toBe(row.public ? row.admin : 401);

    const cases = [
      ['sub user without the flag', SUB_WITHOUT, row.subWithout],
      ['sub user with the flag', SUB_WITH, row.subWith],
      ['admin', { email: 'admin@brightsmile.example', password: 'admin1234' }, row.admin],
      ['operator', OPERATOR, row.public ? row.admin : (row.operator ?? 403)],
    ] as const;
    for (const [who, credentials, expected] of cases) {
      // A fresh session each time: the logout row ends the one it uses.
      const session = await t.login(credentials.email, credentials.password);
      const response = await send(method, await row.target(ids), row.public ? undefined : session);
      expect(response.statusCode, `${who}: ${response.body.slice(0, 200)}`).toBe(expected);
    }
    if (row.othersResource) {
      const session = await t.login(SUB_WITH.email, SUB_WITH.password);
      const response = await send(method, row.othersResource(ids), session);
      expect(response.statusCode, "sub user asking for someone else's resource").toBe(404);
    }
    // Issue 22: the same request with the resource moved to another practice is not found for this admin.
    const pattern = key.split(' ')[1]!;
    if (pattern.includes(':') && !row.public && row.admin !== 403) {
      const target = await (row.crossPractice ?? row.target)(ids);
      const values = paramValues(pattern, target.url);
      const moved = (await Promise.all(values.map((value) => moveToOtherPractice(value)))).flat();
      expect(moved.length, `no row of ${values.join(', ')} found to move`).toBeGreaterThan(0);
      try {
        const session = await t.login('admin@brightsmile.example', 'admin1234');
        const response = await send(method, target, session);
        expect(response.statusCode, `another practice's resource: ${response.body.slice(0, 200)}`).toBe(404);
      } finally {
        for (const restore of moved) await restore();
      }
    }
  });
});
