import { z } from 'zod';
import { APPOINTMENT_TYPES } from './schedule';

/** Part 2, section 3: an appointment request detected from a transcript; a field is null when the call does not say it. */
export const AppointmentRequestSchema = z.object({
  patientName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  preferredDate: z.string().nullable(),
  preferredTime: z.string().nullable(),
  appointmentType: z.enum(APPOINTMENT_TYPES).nullable(),
});
export type AppointmentRequest = z.infer<typeof AppointmentRequestSchema>;
export type AppointmentRequestField = keyof AppointmentRequest;
export const APPOINTMENT_REQUEST_FIELDS = [
  'patientName',
  'phoneNumber',
  'email',
  'preferredDate',
  'preferredTime',
  'appointmentType',
] as const satisfies readonly AppointmentRequestField[];

/** A character range [start, end) of the transcript that a detected value came from. */
export const EvidenceRangeSchema = z.object({ start: z.number().int(), end: z.number().int() });
export type EvidenceRange = z.infer<typeof EvidenceRangeSchema>;
export const EvidenceSchema = z.object({
  patientName: z.array(EvidenceRangeSchema),
  phoneNumber: z.array(EvidenceRangeSchema),
  email: z.array(EvidenceRangeSchema),
  preferredDate: z.array(EvidenceRangeSchema),
  preferredTime: z.array(EvidenceRangeSchema),
  appointmentType: z.array(EvidenceRangeSchema),
});
export type Evidence = z.infer<typeof EvidenceSchema>;

export const MISSING_TRANSCRIPT = {
  title: 'Missing Transcript',
  message: 'Please enter a transcript to analyze',
};

export const AnalyzeTranscriptBodySchema = z.object({
  transcript: z.string().max(100_000).default(''),
  callId: z.string().max(200).default('manual'),
});
export const AnalyzeTranscriptResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  appointmentRequest: AppointmentRequestSchema.nullable(),
  evidence: EvidenceSchema,
});
export type AnalyzeTranscriptResponse = z.infer<typeof AnalyzeTranscriptResponseSchema>;
