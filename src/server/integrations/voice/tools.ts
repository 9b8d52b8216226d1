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
  findPatient: 'Look up the caller in the practice system by phone number.',
  checkAvailability: 'Find open appointment times for a type of visit on a preferred date.',
  bookAppointment: 'Book an appointment at a chosen date and time for a known or a new patient.',
  confirmAppointment:
    'In a confirmation call, when the patient says they will come: mark their appointment confirmed.',
  cancelAppointment: 'When the patient wants to cancel their appointment: cancel it, freeing the time.',
};

const APPOINTMENT_ID = {
  type: 'object',
  properties: {
    appointment_id: {
      type: 'string',
      description: 'The appointment id ({{appointmentId}} in outbound calls)',
    },
  },
  required: ['appointment_id'],
} as const;

const PARAMETERS = {
  findPatient: {
    type: 'object',
    properties: { phone_number: { type: 'string', description: "The caller's phone number" } },
    required: ['phone_number'],
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
} as const;

/** Vapi's name for the call-transfer tool type; our transfer tool is known by it (it has no `function`). */
export const TRANSFER_TOOL = 'transferCall';

/**
 * Transfer to a person (ADR 045): a transferCall tool without destinations, so when the caller asks for a
 * person the platform sends our webhook a transfer-destination-request, which answers with the practice's
 * number inside its hours, or says why not.
 */
const transferTool = () => ({ type: TRANSFER_TOOL }) satisfies Vapi.OpenAiModelToolsItem;

/**
 * The tools every assistant carries, in the platform's transient-tool shape: the receptionist's function
 * tools, then the transfer tool.
 */
export function receptionistTools(target: WebhookTarget) {
  return [
    ...RECEPTIONIST_TOOLS.map((name) => ({
      type: 'function' as const,
      function: { name, description: DESCRIPTIONS[name], parameters: PARAMETERS[name] },
      server: {
        url: target.url,
        ...(target.secret && { headers: { 'X-Vapi-Secret': target.secret } }),
      },
    })),
    transferTool(),
  ];
}

export type ReceptionistTool = ReturnType<typeof receptionistTools>[number];

/** The names of the tools `receptionistTools` writes (the transfer tool under its type). */
export const RECEPTIONIST_TOOL_NAMES: readonly string[] = [...RECEPTIONIST_TOOLS, TRANSFER_TOOL];

/**
 * Which of our tools an assistant's tool is, by name: a function tool by its function name, our transfer
 * tool by its type (only one without destinations: a transferCall with its own destinations is the
 * practice's). Undefined for any other tool.
 */
export function receptionistToolName(tool: unknown): string | undefined {
  if (typeof tool !== 'object' || tool === null) return undefined;
  const t = tool as { type?: unknown; function?: { name?: unknown }; destinations?: unknown };
  if (t.type === TRANSFER_TOOL) {
    return Array.isArray(t.destinations) && t.destinations.length > 0 ? undefined : TRANSFER_TOOL;
  }
  const name = t.function?.name;
  return typeof name === 'string' && (RECEPTIONIST_TOOLS as readonly string[]).includes(name)
    ? name
    : undefined;
}

export { DEFAULT_SYSTEM_PROMPT };
