import { z } from 'zod';

/** Texts of spec part 1 sections 5 and 8 (Outbound calls), used verbatim by the screen. */
export const OUTBOUND_MESSAGES = {
  noPatientsTitle: 'No Patients Selected',
  noPatientsText: 'Please select at least one patient to call',
  cardNoPatientsTitle: 'No patients selected',
  cardNoPatientsText: 'Please select patients to call',
  noAssistantTitle: 'No assistant selected',
  noAssistantText: 'Please select an assistant for this call type',
  noNumberTitle: 'No phone number selected',
  noNumberText: 'Please select a phone number for this call type',
  callFailed: 'Call Failed',
  callsStartedTitle: 'Calls Started',
  callsStartedText: 'Outbound calls have been initiated successfully',
  noCalls: 'No outbound calls made yet.',
  noPatientsMatch: 'No patients found matching your search.',
  noPatients: 'No patients with upcoming appointments.',
  patientsError: 'Error Loading Patients',
  patientsErrorFallback: 'Failed to load patient data',
  /** Server-side validation (400 with the field). */
  unknownPatient: 'Unknown patient',
  unknownAssistant: 'Unknown assistant',
  unknownNumber: 'Unknown phone number',
  unknownCallType: 'Unknown call type',
  noAssistantConfigured: 'No assistant is chosen for this call type',
  noNumberConfigured: 'No phone number is chosen for this call type',
  invalidTime: 'Use the form HH:MM',
  invalidWindow: 'The calling window must end after it starts',
  invalidMaxConcurrent: 'Between 1 and 1000 calls at once',
  invalidDaysBefore: 'Between 0 and 30 days',
  invalidLateChangeHours: 'Between 0 and 168 hours',
  tooManyPatients: 'At most 500 patients at once',
  noUpcomingAppointment: 'This patient has no upcoming appointment to call about.',
} as const;

/** 400 when the screen's appointment is no longer the patient's next one (cancelled or moved meanwhile). */
export const appointmentChangedMessage = (patientName: string) =>
  `${patientName}'s next appointment has changed since the list was loaded. Reload the list and try again.`;

const M = OUTBOUND_MESSAGES;

/** Spec part 1 section 9: fixed call types (the three cards). */
export const CALL_TYPES = ['reminder', 'confirmation', 'followup'] as const;
export const CallTypeSchema = z.enum(CALL_TYPES, { error: M.unknownCallType });
export type CallType = z.infer<typeof CallTypeSchema>;

/**
 * Every type of call placed (issue 24): the cards' three and `recall` (a patient due for their routine visit,
 * from the Recall section and its campaign). Rows and the call history carry these; the cards only CALL_TYPES.
 */
export const OUTBOUND_CALL_TYPES = [...CALL_TYPES, 'recall'] as const;
export const OutboundCallTypeSchema = z.enum(OUTBOUND_CALL_TYPES, { error: M.unknownCallType });
export type OutboundCallType = z.infer<typeof OutboundCallTypeSchema>;

/** Spec part 1 section 4; the screen shows unknown values as pending. */
export const OUTBOUND_STATUSES = ['pending', 'calling', 'completed', 'failed'] as const;
export const OutboundStatusSchema = z.enum(OUTBOUND_STATUSES);
export type OutboundStatus = z.infer<typeof OutboundStatusSchema>;

export const MAX_PATIENTS_PER_START = 500;

/**
 * How a call type reaches the patient (issue 23): a call (as before), a text, or a text first and a call for
 * those who have not answered it within `escalateAfterHours`.
 */
export const CHANNELS = ['call', 'sms', 'sms_then_call'] as const;
export const ChannelSchema = z.enum(CHANNELS, { error: 'Choose call, sms or sms_then_call' });
export type Channel = z.infer<typeof ChannelSchema>;
export const CHANNEL_LABELS: Record<Channel, string> = {
  call: 'Call',
  sms: 'Text',
  sms_then_call: 'Text, then call',
};

/** One row of GET /api/outbound-calls (spec section 3 "Outbound call") plus what the history explains. */
export const OutboundCallSchema = z.object({
  id: z.string(),
  patient_name: z.string(),
  phone_number: z.string(),
  call_type: OutboundCallTypeSchema,
  status: OutboundStatusSchema,
  /** ISO instant */
  created_at: z.string(),
  /** The voice platform's call id once placed. */
  vapi_call_id: z.string().nullable(),
  /** ISO instant before which the call will not be placed (outside the calling window, retry delay). */
  not_before: z.string().nullable(),
  attempts: z.number().int(),
  /** Why it failed, or why it is waiting (e.g. a busy line being retried). */
  last_error: z.string().nullable(),
});
export type OutboundCall = z.infer<typeof OutboundCallSchema>;

export const OutboundCallListResponseSchema = z.object({
  calls: z.array(OutboundCallSchema),
  /** The practice's IANA time zone: the screen shows each time in it, wherever staff sit. */
  timeZone: z.string(),
});
export type OutboundCallListResponse = z.infer<typeof OutboundCallListResponseSchema>;

const idField = z
  .string({ error: M.unknownPatient })
  .trim()
  .min(1, M.unknownPatient)
  .max(200, M.unknownPatient);

/** POST /api/outbound-calls/start; the generic Start button omits assistant_id and phone_number_id. */
export const StartOutboundCallsInputSchema = z.object({
  patient_ids: z
    .array(idField, { error: M.noPatientsText })
    .min(1, M.noPatientsText)
    .max(MAX_PATIENTS_PER_START, M.tooManyPatients),
  call_type: CallTypeSchema,
  message: z.string().trim().max(2000).optional(),
  assistant_id: z.string().trim().min(1, M.unknownAssistant).max(200, M.unknownAssistant).optional(),
  phone_number_id: z.string().trim().min(1, M.unknownNumber).max(200, M.unknownNumber).optional(),
  /**
   * Patient id → the appointment the call is about, as the screen showed it (each patient's next one); a
   * patient left out gets their next appointment.
   */
  appointment_ids: z.record(z.string().max(200), z.string().trim().min(1).max(200)).optional(),
  /** Defaults to the call type's channel in the outbound settings. */
  channel: ChannelSchema.optional(),
});
export type StartOutboundCallsInput = z.input<typeof StartOutboundCallsInputSchema>;

/** Why a patient of a start was not queued: one open call per patient and type (issue 19). */
export const alreadyQueuedMessage = (patientName: string, callType: OutboundCallType) =>
  `${patientName} already has a ${callType} call pending or in progress, so no new call was queued.`;
export const allAlreadyQueuedMessage = (callType: CallType) =>
  `Every selected patient already has a ${callType} call pending or in progress, so no new call was queued.`;

export const SkippedPatientSchema = z.object({
  patient_id: z.string(),
  patient_name: z.string(),
  reason: z.string(),
});
export type SkippedPatient = z.infer<typeof SkippedPatientSchema>;

/**
 * 202 answer of POST /api/outbound-calls/start: the calls queued, and the patients left out because they
 * already had an open call of that type. When every patient is left out the answer is a 409 saying so.
 */
export const StartOutboundCallsResponseSchema = z.object({
  success: z.literal(true),
  calls: z.array(OutboundCallSchema),
  skipped: z.array(SkippedPatientSchema),
  /** How many texts were queued (channel `sms` or `sms_then_call`). */
  texts: z.number().int(),
});
export type StartOutboundCallsResponse = z.infer<typeof StartOutboundCallsResponseSchema>;

const timeField = z.string({ error: M.invalidTime }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, M.invalidTime);

export const CallTypeSettingsSchema = z.object({
  assistantId: z.string().nullable(),
  phoneNumberId: z.string().nullable(),
  /** Runs by itself every day at the start of the calling window (the cards' "Scheduled" badge). */
  automatic: z.boolean(),
  daysBefore: z.number().int(),
  channel: ChannelSchema,
  /** For `sms_then_call`: hours after the text before an unanswered patient is called. */
  escalateAfterHours: z.number().int(),
});
export type CallTypeSettings = z.infer<typeof CallTypeSettingsSchema>;

/**
 * Recall (issue 24): a patient is due when their last kept hygiene visit is more than `intervalMonths` ago and
 * nothing is booked. `automatic`: a daily campaign calls due patients with the assistant and number, at most
 * `maxPerDay` recall calls a day (with those placed by hand), never a patient twice within 30 days.
 */
export const RecallSettingsSchema = z.object({
  intervalMonths: z.number().int(),
  automatic: z.boolean(),
  assistantId: z.string().nullable(),
  phoneNumberId: z.string().nullable(),
  maxPerDay: z.number().int(),
});
export type RecallSettings = z.infer<typeof RecallSettingsSchema>;

export const RECALL_INTERVAL_MONTHS = { min: 2, max: 36 } as const;
export const RECALL_MAX_PER_DAY = { min: 1, max: 500 } as const;
export const RECALL_SETTINGS_MESSAGES = {
  intervalMonths: `Between ${RECALL_INTERVAL_MONTHS.min} and ${RECALL_INTERVAL_MONTHS.max} months`,
  maxPerDay: `Between ${RECALL_MAX_PER_DAY.min} and ${RECALL_MAX_PER_DAY.max} calls a day`,
} as const;
const invalidInterval = RECALL_SETTINGS_MESSAGES.intervalMonths;
const invalidMaxPerDay = RECALL_SETTINGS_MESSAGES.maxPerDay;

const recallSettingsPatch = z
  .object({
    intervalMonths: z
      .number({ error: invalidInterval })
      .int(invalidInterval)
      .min(RECALL_INTERVAL_MONTHS.min, invalidInterval)
      .max(RECALL_INTERVAL_MONTHS.max, invalidInterval),
    automatic: z.boolean(),
    assistantId: z.string().trim().min(1, M.unknownAssistant).max(200).nullable(),
    phoneNumberId: z.string().trim().min(1, M.unknownNumber).max(200).nullable(),
    maxPerDay: z
      .number({ error: invalidMaxPerDay })
      .int(invalidMaxPerDay)
      .min(RECALL_MAX_PER_DAY.min, invalidMaxPerDay)
      .max(RECALL_MAX_PER_DAY.max, invalidMaxPerDay),
  })
  .partial();

/** GET /api/outbound-settings; times are 'HH:MM' wall time in the practice's time zone. */
export const OutboundSettingsSchema = z.object({
  callingWindow: z.object({ start: z.string(), end: z.string() }),
  maxConcurrentCalls: z.number().int(),
  callTypes: z.object({
    reminder: CallTypeSettingsSchema,
    confirmation: CallTypeSettingsSchema,
    followup: CallTypeSettingsSchema,
  }),
  /**
   * Changes by phone (reschedule, cancel) less than this many hours before the visit go to staff as a
   * callback task instead (issue 24); 0 lets callers change up to the last minute.
   */
  lateChangeHours: z.number().int(),
  recall: RecallSettingsSchema,
});
export type OutboundSettings = z.infer<typeof OutboundSettingsSchema>;

const callTypeSettingsPatch = z
  .object({
    assistantId: z.string().trim().min(1, M.unknownAssistant).max(200).nullable(),
    phoneNumberId: z.string().trim().min(1, M.unknownNumber).max(200).nullable(),
    automatic: z.boolean(),
    daysBefore: z
      .number({ error: M.invalidDaysBefore })
      .int(M.invalidDaysBefore)
      .min(0, M.invalidDaysBefore)
      .max(30, M.invalidDaysBefore),
    channel: ChannelSchema,
    escalateAfterHours: z
      .number({ error: 'Between 1 and 72 hours' })
      .int('Between 1 and 72 hours')
      .min(1, 'Between 1 and 72 hours')
      .max(72, 'Between 1 and 72 hours'),
  })
  .partial();

/** PUT /api/outbound-settings: the same shape, every part optional. */
export const UpdateOutboundSettingsInputSchema = z.object({
  callingWindow: z.object({ start: timeField, end: timeField }).partial().optional(),
  maxConcurrentCalls: z
    .number({ error: M.invalidMaxConcurrent })
    .int(M.invalidMaxConcurrent)
    .min(1, M.invalidMaxConcurrent)
    .max(1000, M.invalidMaxConcurrent)
    .optional(),
  callTypes: z
    .object({
      reminder: callTypeSettingsPatch,
      confirmation: callTypeSettingsPatch,
      followup: callTypeSettingsPatch,
    })
    .partial()
    .optional(),
  lateChangeHours: z
    .number({ error: M.invalidLateChangeHours })
    .int(M.invalidLateChangeHours)
    .min(0, M.invalidLateChangeHours)
    .max(168, M.invalidLateChangeHours)
    .optional(),
  recall: recallSettingsPatch.optional(),
});
export type UpdateOutboundSettingsInput = z.input<typeof UpdateOutboundSettingsInputSchema>;

export const DEFAULT_OUTBOUND_SETTINGS: OutboundSettings = {
  callingWindow: { start: '09:00', end: '19:00' },
  /** Vapi's default account concurrency limit. */
  maxConcurrentCalls: 10,
  callTypes: {
    reminder: {
      assistantId: null,
      phoneNumberId: null,
      automatic: true,
      daysBefore: 1,
      channel: 'call',
      escalateAfterHours: 4,
    },
    confirmation: {
      assistantId: null,
      phoneNumberId: null,
      automatic: true,
      daysBefore: 2,
      channel: 'call',
      escalateAfterHours: 4,
    },
    followup: {
      assistantId: null,
      phoneNumberId: null,
      automatic: false,
      daysBefore: 0,
      channel: 'call',
      escalateAfterHours: 4,
    },
  },
  lateChangeHours: 24,
  recall: { intervalMonths: 6, automatic: false, assistantId: null, phoneNumberId: null, maxPerDay: 20 },
};
