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

// ---- Processing calls into bookings ----

export const CALL_PROCESSING_STATES = ['booked', 'nothing_to_book', 'needs_callback'] as const;
export type CallProcessingState = (typeof CALL_PROCESSING_STATES)[number];

export const CallIdParamsSchema = z.object({ id: z.uuid('Not a call id.') });

export const ProcessAppointmentResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  /** Null when nothing was booked; a confirmation of null means the caller booked during the call. */
  appointment: z.object({ confirmationNumber: z.string().nullable() }).nullable(),
});
export type ProcessAppointmentResponse = z.infer<typeof ProcessAppointmentResponseSchema>;

/** Which call a batch result is about: who called and when (the call's start), for the result line. */
const BatchCallSchema = z.object({
  callId: z.string(),
  caller: z.object({ name: z.string().nullable(), number: z.string().nullable() }),
  startedAt: z.iso.datetime().nullable(),
});

export const ProcessPendingResponseSchema = z.object({
  success: z.boolean(),
  summary: z.object({
    total: z.number().int(),
    /** Booked by this run. */
    successful: z.number().int(),
    /** Booked by the caller during the call: nothing more to book (issue 21, item 4). */
    alreadyBooked: z.number().int(),
    failed: z.number().int(),
  }),
  results: z.object({
    successful: z.array(
      BatchCallSchema.extend({
        confirmationNumber: z.string().nullable(),
        details: z.object({
          type: z.string().nullable(),
          date: z.string().nullable(),
          time: z.string().nullable(),
        }),
      }),
    ),
    alreadyBooked: z.array(BatchCallSchema),
    failed: z.array(BatchCallSchema.extend({ reason: z.string() })),
  }),
});
export type ProcessPendingResponse = z.infer<typeof ProcessPendingResponseSchema>;

export const CallProcessingItemSchema = z.object({
  callId: z.string(),
  state: z.enum(CALL_PROCESSING_STATES),
  /** Whether the processor has run on the call (else the state is what it would find). */
  processed: z.boolean(),
  confirmationNumber: z.string().nullable(),
  reason: z.string().nullable(),
});
export type CallProcessingItem = z.infer<typeof CallProcessingItemSchema>;
export const CallProcessingListResponseSchema = z.object({ calls: z.array(CallProcessingItemSchema) });
export type CallProcessingListResponse = z.infer<typeof CallProcessingListResponseSchema>;

/** Processor toasts (part 2, section 8). */
export const PROCESSOR_TEXTS = {
  analysisComplete: { title: 'Analysis Complete', message: 'Appointment request detected in transcript' },
  noAppointment: 'No Appointment Found',
  analysisFailed: 'Analysis Failed',
  booked: 'Appointment Booked!',
  processingFailed: 'Processing Failed',
  processingError: 'Processing Error',
  batchComplete: 'Batch Processing Complete',
  /** The spec's text; calls the caller booked during the call are counted apart when there are any. */
  batchMessage: (booked: number, failed: number, alreadyBooked = 0) =>
    alreadyBooked > 0
      ? `${booked} booked, ${alreadyBooked} already booked, ${failed} failed`
      : `${booked} appointments booked, ${failed} failed`,
  batchFailed: 'Batch Processing Failed',
} as const;
