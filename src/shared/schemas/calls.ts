import { z } from 'zod';
import type { StructuredData } from './structured-data';

export const CALL_STATUSES = ['queued', 'ringing', 'in-progress', 'forwarding', 'ended'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
export const CALL_TYPES = ['inboundPhoneCall', 'outboundPhoneCall', 'webCall'] as const;

export const CALL_PAGE_SIZE = 50;
export const CALL_PAGE_MAX = 200;
export const CALL_SEARCH_MAX = 100;
/** A call's plausible duration: twice the longest call the platform allows (`maxDurationSeconds` ≤ 43,200). */
export const CALL_SECONDS_MAX = 86_400;
/** A call's plausible cost in dollars: about $0.70 a minute for 24 hours, far above what calls cost (ADR 039). */
export const CALL_COST_MAX = 1_000;

/** Every amount the platform reports; older reports leave some out. */
export const CostBreakdownSchema = z.object({
  transport: z.number().optional(),
  stt: z.number().optional(),
  llm: z.number().optional(),
  tts: z.number().optional(),
  vapi: z.number().optional(),
  total: z.number().optional(),
  llmPromptTokens: z.number().optional(),
  llmCompletionTokens: z.number().optional(),
  ttsCharacters: z.number().optional(),
  analysisCostBreakdown: z.object({ summary: z.number().optional() }).optional(),
});
export type CostBreakdown = z.infer<typeof CostBreakdownSchema>;

export const CallMessageSchema = z.object({ timestamp: z.number(), type: z.string(), content: z.string() });
export type CallMessage = z.infer<typeof CallMessageSchema>;

export const SuccessEvaluationSchema = z.union([z.string(), z.boolean()]).nullable();

export const CallAnalysisSchema = z.object({
  summary: z.string().nullable(),
  successEvaluation: SuccessEvaluationSchema,
});
export type CallAnalysis = z.infer<typeof CallAnalysisSchema>;
/** The analysis as stored with a call: also the platform's extraction of the request (not shown in the API). */
export type StoredCallAnalysis = CallAnalysis & { structuredData?: StructuredData };

/** A call as listed: no transcript, messages or recordings (those are read one call at a time). */
export const CallSummarySchema = z.object({
  id: z.string(),
  status: z.string(),
  type: z.enum(CALL_TYPES),
  startedAt: z.iso.datetime().nullable(),
  endedAt: z.iso.datetime().nullable(),
  duration: z.number().nullable(),
  endedReason: z.string().nullable(),
  cost: z.number().nullable(),
  customer: z.object({ name: z.string().nullable(), number: z.string().nullable() }),
  phoneNumber: z.object({ id: z.string().nullable(), number: z.string().nullable() }),
  assistant: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  analysis: z.object({ successEvaluation: SuccessEvaluationSchema }),
  createdAt: z.iso.datetime(),
});
export type CallSummary = z.infer<typeof CallSummarySchema>;

/** Everything the call dialog shows. */
export const CallDetailSchema = CallSummarySchema.extend({
  costBreakdown: CostBreakdownSchema.nullable(),
  transcript: z.string().nullable(),
  summary: z.string().nullable(),
  recordingUrl: z.string().nullable(),
  stereoRecordingUrl: z.string().nullable(),
  artifact: z.object({ pcapUrl: z.string().nullable() }),
  messages: z.array(CallMessageSchema),
  analysis: CallAnalysisSchema,
  updatedAt: z.iso.datetime(),
});
export type CallDetail = z.infer<typeof CallDetailSchema>;

export const CallFilterSchema = z.object({
  /**
   * A phone number in any format or its last 4 or more digits (the caller's or the practice's number that was
   * called), part of the customer's name, or the start of a call id.
   */
  q: z.string().trim().max(CALL_SEARCH_MAX, `Search at most ${CALL_SEARCH_MAX} characters.`).optional(),
  status: z.enum(CALL_STATUSES, { error: `status must be one of: ${CALL_STATUSES.join(', ')}.` }).optional(),
});
export type CallFilter = z.infer<typeof CallFilterSchema>;

export const CallListQuerySchema = CallFilterSchema.extend({
  limit: z.coerce.number().int().min(1).max(CALL_PAGE_MAX).default(CALL_PAGE_SIZE),
  /** Opaque keyset cursor from the previous page's nextCursor. */
  cursor: z.string().max(200).optional(),
});
export type CallListQuery = z.input<typeof CallListQuerySchema>;

export const CallListResponseSchema = z.object({
  calls: z.array(CallSummarySchema),
  nextCursor: z.string().nullable(),
  /** The practice's IANA time zone: Call Logs shows each call's start in it, wherever staff sit. */
  timeZone: z.string(),
});
export type CallListResponse = z.infer<typeof CallListResponseSchema>;

export const CallStatsQuerySchema = CallFilterSchema.extend({
  /** 'month': only calls created since the start of this month in the practice's time zone. */
  period: z.enum(['month'], { error: 'period must be month.' }).optional(),
});
export type CallStatsQuery = z.input<typeof CallStatsQuerySchema>;

export const CallStatsSchema = z.object({
  total: z.number().int(),
  /** Calls that ended. */
  completed: z.number().int(),
  totalDurationSeconds: z.number(),
  totalCost: z.number(),
});
export type CallStats = z.infer<typeof CallStatsSchema>;

export const CallIdParamsSchema = z.object({ id: z.uuid({ error: 'Not a call id.' }) });

export const CallResponseSchema = z.object({ call: CallDetailSchema });
export type CallResponse = z.infer<typeof CallResponseSchema>;

export const SIMULATION_SCENARIOS = [
  'new-patient-cleaning',
  'existing-patient-first-checkup',
  'question-then-hang-up',
  'taken-time-accepts-another',
  'existing-patient-reschedules',
  'existing-patient-cancels',
  'caller-names-another-patient',
] as const;
export type SimulationScenario = (typeof SIMULATION_SCENARIOS)[number];
export const SIMULATION_SCENARIO_LABELS: Record<SimulationScenario, string> = {
  'new-patient-cleaning': 'A new patient books a cleaning next Tuesday morning',
  'existing-patient-first-checkup': 'An existing patient asks for the first available checkup',
  'question-then-hang-up': 'A caller asks a question and hangs up',
  'taken-time-accepts-another': 'A caller wants a time that is taken and accepts another',
  'existing-patient-reschedules': 'An existing patient moves their cleaning to next week',
  'existing-patient-cancels': 'An existing patient cancels their appointment tomorrow',
  'caller-names-another-patient': "A caller asks to cancel another patient's appointment",
};

export const SimulateCallBodySchema = z.object({
  phoneNumberId: z.uuid({ error: 'Choose one of your phone numbers.' }),
  scenario: z.enum(SIMULATION_SCENARIOS, { error: 'Choose a scenario.' }),
  /** Call as this patient (their number); by default the scenario picks a patient of the practice. */
  callerNumber: z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((v) => v || undefined),
});
export type SimulateCallBody = z.input<typeof SimulateCallBodySchema>;
