import type { Vapi } from '@vapi-ai/server-sdk';
import { DEFAULT_SYSTEM_PROMPT, RECEPTIONIST_TOOLS } from '#shared/schemas/assistants';

/** Where the platform sends tool calls and assistant-requests, and how it proves who it is. */
export interface WebhookTarget {
  /** PUBLIC_BASE_URL + /webhook */
  url: string;
  /** Sent as X-Vapi-Secret, which POST /webhook checks. */
  secret?: string;
}

const DESCRIPTIONS: Record<(typeof RECEPTIONIST_TOOLS)[number], string> = {
  findPatient:
    'Look up the caller in the practice system by the number calling; for another number, give the name the caller said.',
  checkAvailability: 'Find open appointment times for a type of visit on a preferred date.',
  bookAppointment: 'Book an appointment at a chosen date and time for a known or a new patient.',
  confirmAppointment:
    'In a confirmation call, when the patient says they will come: mark their appointment confirmed.',
  cancelAppointment:
    'When the patient wants to cancel their appointment: cancel it, freeing the time. On an inbound call give the patient’s name.',
  findAppointments:
    'The upcoming appointments of the patient on the number calling (give patient_name when several share it).',
  rescheduleAppointment:
    'Move one of the caller’s appointments to a new date and time; nothing changes if the new time is not free.',
};

const PATIENT_NAME = {
  type: 'string',
  description: "The patient's full name, as the caller said it",
} as const;

const APPOINTMENT_ID: Vapi.OpenAiFunctionParameters = {
  type: 'object',
  properties: {
    appointment_id: {
      type: 'string',
      description: 'The appointment id ({{appointmentId}} in outbound calls, else from findAppointments)',
    },
    patient_name: PATIENT_NAME,
  },
  required: ['appointment_id'],
};

const PARAMETERS: Record<(typeof RECEPTIONIST_TOOLS)[number], Vapi.OpenAiFunctionParameters> = {
  findPatient: {
    type: 'object',
    properties: {
      phone_number: { type: 'string', description: 'Omit for the number calling' },
      patient_name: PATIENT_NAME,
    },
  },
  checkAvailability: {
    type: 'object',
    properties: {
      appointment_type: { type: 'string', description: 'e.g. dental_cleaning, emergency_dental' },
      preferred_date: { type: 'string', description: 'YYYY-MM-DD, or words like "next Tuesday"' },
      time_preference: { type: 'string', enum: ['morning', 'afternoon', 'evening', 'any'] },
    },
    required: ['appointment_type', 'preferred_date'],
  },
  bookAppointment: {
    type: 'object',
    properties: {
      appointment_type: { type: 'string' },
      date: { type: 'string', description: 'YYYY-MM-DD' },
      time: { type: 'string', description: 'HH:mm, 24-hour' },
      notes: { type: 'string' },
      provider_name: { type: 'string', description: 'Omit for the first available doctor' },
      provider_id: { type: 'string', description: 'Omit for the first available doctor' },
      patient_id: { type: 'string', description: 'From findPatient' },
      patient_info: {
        type: 'object',
        properties: { name: { type: 'string' }, phone_number: { type: 'string' }, email: { type: 'string' } },
      },
    },
    required: ['appointment_type', 'date', 'time'],
  },
  confirmAppointment: APPOINTMENT_ID,
  cancelAppointment: APPOINTMENT_ID,
  findAppointments: { type: 'object', properties: { patient_name: PATIENT_NAME } },
  rescheduleAppointment: {
    type: 'object',
    properties: {
      appointment_id: { type: 'string', description: 'From findAppointments' },
      patient_name: PATIENT_NAME,
      date: { type: 'string', description: 'YYYY-MM-DD' },
      time: { type: 'string', description: 'HH:mm, 24-hour' },
      provider_id: { type: 'string', description: 'Omit to keep the doctor, or the first available' },
    },
    required: ['appointment_id', 'patient_name', 'date', 'time'],
  },
};

/** A tool in an assistant's `model.tools`, as Vapi's SDK types it. */
export type VapiTool = Vapi.OpenAiModelToolsItem;

/** Vapi's name for the call-transfer tool type; our transfer tool is known by it (it has no `function`). */
export const TRANSFER_TOOL = 'transferCall';

/**
 * The tools every assistant carries, in the platform's transient-tool shape: the receptionist's function
 * tools, then a transferCall tool without destinations (ADR 045), so when the caller asks for a person the
 * platform sends our webhook a transfer-destination-request, which answers with the practice's number inside
 * its hours, or says why not.
 */
export function receptionistTools(target: WebhookTarget): VapiTool[] {
  return [
    ...RECEPTIONIST_TOOLS.map((name): VapiTool => ({
      type: 'function',
      function: { name, description: DESCRIPTIONS[name], parameters: PARAMETERS[name] },
      server: {
        url: target.url,
        ...(target.secret && { headers: { 'X-Vapi-Secret': target.secret } }),
      },
    })),
    { type: TRANSFER_TOOL },
  ];
}

/**
 * How a tool is told apart from the others: a function tool by its name, any other by its type (a query
 * tool has no name: ours is found by its knowledge base, see the mapper).
 */
export function toolKey(tool: unknown): string {
  const { type, function: fn } = (tool ?? {}) as { type?: unknown; function?: { name?: unknown } };
  if (type === 'function') return typeof fn?.name === 'string' ? `function:${fn.name}` : '';
  return typeof type === 'string' ? type : '';
}

/**
 * The tools that are ours on any assistant, taken from the list we write, so a tool added to it later is
 * recognised (and replaced, never piled up) without another list to keep in step.
 */
const OUR_TOOL_KEYS = new Set(receptionistTools({ url: '' }).map(toolKey));
/** The `function.name` an earlier version put on its knowledge-base query tool (Vapi's has no function). */
const LEGACY_KNOWLEDGE_TOOL = 'practice_knowledge';

/**
 * A tool we wrote (any earlier copy of one of ours included). A transferCall tool with its own destinations
 * is the practice's, not ours.
 */
export function isReceptionistTool(tool: unknown): boolean {
  const key = toolKey(tool);
  const t = tool as { function?: { name?: unknown }; destinations?: unknown };
  if (key === 'query') return t.function?.name === LEGACY_KNOWLEDGE_TOOL;
  if (key === TRANSFER_TOOL && Array.isArray(t.destinations) && t.destinations.length > 0) return false;
  return OUR_TOOL_KEYS.has(key);
}

export { DEFAULT_SYSTEM_PROMPT };
