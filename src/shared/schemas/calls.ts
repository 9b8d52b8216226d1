import { z } from 'zod';

export const CALL_STATUSES = ['queued', 'ringing', 'in-progress', 'forwarding', 'ended'] as const;
export const CALL_TYPES = ['inboundPhoneCall', 'outboundPhoneCall', 'webCall'] as const;

export const CostBreakdownSchema = z.object({
  transport: z.number(),
  stt: z.number(),
  llm: z.number(),
  tts: z.number(),
  vapi: z.number(),
  total: z.number(),
  llmPromptTokens: z.number(),
  llmCompletionTokens: z.number(),
  ttsCharacters: z.number(),
  analysisCostBreakdown: z.object({ summary: z.number() }),
});
export type CostBreakdown = z.infer<typeof CostBreakdownSchema>;

export const CallMessageSchema = z.object({ timestamp: z.number(), type: z.string(), content: z.string() });

export const CallAnalysisSchema = z.object({
  summary: z.string().nullable(),
  successEvaluation: z.union([z.string(), z.boolean()]).nullable(),
});

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
  analysis: z.object({ successEvaluation: z.union([z.string(), z.boolean()]).nullable() }),
  createdAt: z.iso.datetime(),
});
export type CallSummary = z.infer<typeof CallSummarySchema>;

export const CallListResponseSchema = z.object({ calls: z.array(CallSummarySchema) });
export type CallListResponse = z.infer<typeof CallListResponseSchema>;
