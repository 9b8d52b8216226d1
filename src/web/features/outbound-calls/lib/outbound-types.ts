/**
 * The Outbound Calls API as this screen reads it (issue 14). The server's zod schemas land in
 * src/shared/schemas/outbound-calls.ts; these types follow the same shapes.
 */
export const CALL_TYPES = ['reminder', 'confirmation', 'followup'] as const;
export type CallType = (typeof CALL_TYPES)[number];

export const OUTBOUND_STATUSES = ['pending', 'calling', 'completed', 'failed'] as const;
export type OutboundStatus = (typeof OUTBOUND_STATUSES)[number];

export interface OutboundCall {
  id: string;
  patient_name: string;
  phone_number: string;
  call_type: string;
  status: string;
  created_at: string;
  vapi_call_id: string | null;
}

export interface OutboundCallListResponse {
  calls: OutboundCall[];
}

export interface StartOutboundCallsBody {
  patient_ids: string[];
  call_type: CallType;
  message?: string;
  assistant_id?: string;
  phone_number_id?: string;
}

export interface StartOutboundCallsResponse {
  success: true;
  calls: OutboundCall[];
}

export interface CallTypeSettings {
  assistantId: string | null;
  phoneNumberId: string | null;
  automatic: boolean;
  daysBefore: number;
}

export interface OutboundSettings {
  callingWindow: { start: string; end: string };
  maxConcurrentCalls: number;
  callTypes: Record<CallType, CallTypeSettings>;
}
